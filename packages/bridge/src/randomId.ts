/**
 * A fresh bridge instance id: 128 random bits in hex. Uses getRandomValues, not randomUUID, which browsers only
 * offer in secure contexts (a player on a LAN http origin is not one).
 */
export function randomId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
