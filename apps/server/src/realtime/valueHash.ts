// The hash a conditional set (transaction) may compare instead of a revision: sha256 of the canonical JSON of a
// stored-form value (object keys sorted), so equal values hash alike whatever their key order.

import { hash } from 'node:crypto';
import { isSharedForm, type RealtimeObject, type RealtimeValue } from '@marquee/protocol';

/** Canonical texts of shared stored forms (immutable; a group's timeline is hashed for every screen's event). */
const sharedTexts = new WeakMap<object, string>();

function canonical(value: RealtimeValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (!isSharedForm(value)) return canonicalObject(value);
  let text = sharedTexts.get(value);
  if (text === undefined) sharedTexts.set(value, (text = canonicalObject(value)));
  return text;
}

function canonicalObject(value: RealtimeObject): string {
  const keys = Object.keys(value).sort();
  let text = '{';
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (index > 0) text += ',';
    text += JSON.stringify(key) + ':' + canonical(value[key] ?? null);
  }
  return text + '}';
}

/** One-shot: every listen's first event and every get carry a hash, and createHash's object cost twice as much. */
export function valueHash(value: RealtimeValue): string {
  return hash('sha256', canonical(value), 'hex');
}
