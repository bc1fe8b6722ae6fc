// The JSON text of a stored document, written whole to its row at every write (writePlan.ts). A stored document is
// never modified in place: a write copies the nodes on its path (setAtPath) and shares every other node with the
// revision before. So the text of a top-level member is kept beside the member itself (a WeakMap: it goes when the
// member does) and a write that did not replace it does not encode it again. A screen writing its name or its
// status replaced a 30-character member and encoded its 300-character app branch again at every write.
//
// Kept: a large member's text, and a member that a write left as it was (the same object as in the document
// before): it is likely to outlive the next write too. Not kept: a small member just written, which the next write
// of the same field replaces (a WeakMap entry costs more than encoding it). The text is the one JSON.stringify
// gives: members in Object.keys order.

import type { RealtimeValue } from '@marquee/protocol';

/** Members whose JSON text is at least this long keep it. */
export const KEPT_MEMBER_CHARS = 200;

const memberTexts = new WeakMap<object, string>();

/**
 * The JSON text of `document`, as JSON.stringify(document) gives it. `before`: the document the write was applied
 * to, whose members that `document` shares are kept whatever their size.
 */
export function documentText(document: RealtimeValue, before: RealtimeValue = null): string {
  if (typeof document !== 'object' || document === null) return JSON.stringify(document);
  const previous = typeof before === 'object' && before !== null ? before : null;
  let text = '{';
  for (const key in document) {
    if (!Object.hasOwn(document, key)) continue;
    const value = document[key]!;
    const member = memberText(value, previous !== null && previous[key] === value);
    if (member === undefined) continue;
    text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${member}`;
  }
  return `${text}}`;
}

/** Undefined for a value JSON leaves out (never stored, but the text must not differ from JSON.stringify's). */
function memberText(member: RealtimeValue, unchanged: boolean): string | undefined {
  if (typeof member !== 'object' || member === null) return JSON.stringify(member) as string | undefined;
  const kept = memberTexts.get(member);
  if (kept !== undefined) return kept;
  const text = JSON.stringify(member);
  if (unchanged || text.length >= KEPT_MEMBER_CHARS) memberTexts.set(member, text);
  return text;
}
