// Equality of two stored-form values (JSON: primitives and plain objects), whatever the order of their keys: the
// hub and the local tree may order the same object's keys differently, and that is not a change to report.

import type { RealtimeValue } from '@marquee/protocol';

export function deepEqual(a: RealtimeValue, b: RealtimeValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) => Object.prototype.hasOwnProperty.call(b, key) && deepEqual(a[key] ?? null, b[key] ?? null),
  );
}
