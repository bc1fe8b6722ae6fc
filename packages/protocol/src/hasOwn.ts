// Object.hasOwn needs Chrome 93; the meeting-room player must run on Chrome 86 (docs/decisions.md, "Chrome 86"), so
// the shared code uses this instead.
const hasOwnProperty = Object.prototype.hasOwnProperty;

/** True when `key` is an own property of `object` (not inherited, so '__proto__' or 'toString' do not count). */
export function hasOwn(object: object, key: PropertyKey): boolean {
  return hasOwnProperty.call(object, key);
}
