// The JSON text of a stored document, written whole to its row at every write (writePlan.ts). A stored document is
// never modified in place: a write copies the nodes on its path (setAtPath) and shares every other node with the
// revision before. So the text of a large top-level member is kept beside the member itself (a WeakMap: it goes
// when the member does) and a write that did not replace it does not encode it again. A screen writing its name or
// its status replaced a 30-character member and encoded its 300-character app branch again at every write.
//
// Only large members are kept: a small one costs less to encode than to remember, and every text kept is memory
// that outlives the write. The text is the one JSON.stringify gives: members in Object.keys order.

import type { RealtimeValue } from '@marquee/protocol';

/** Members whose JSON text is at least this long keep it. */
export const KEPT_MEMBER_CHARS = 200;

const memberTexts = new WeakMap<object, string>();

/** The JSON text of `document`, as JSON.stringify(document) gives it. */
export function documentText(document: RealtimeValue): string {
  if (typeof document !== 'object' || document === null) return JSON.stringify(document);
  let text = '{';
  for (const key in document) {
    if (!Object.hasOwn(document, key)) continue;
    const member = memberText(document[key]!);
    if (member === undefined) continue;
    text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${member}`;
  }
  return `${text}}`;
}

/** Undefined for a value JSON leaves out (never stored, but the text must not differ from JSON.stringify's). */
function memberText(member: RealtimeValue): string | undefined {
  if (typeof member !== 'object' || member === null) return JSON.stringify(member) as string | undefined;
  const kept = memberTexts.get(member);
  if (kept !== undefined) return kept;
  const text = JSON.stringify(member);
  if (text.length >= KEPT_MEMBER_CHARS) memberTexts.set(member, text);
  return text;
}
