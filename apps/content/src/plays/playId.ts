// A play's id, made on the device (packages/protocol/src/plays.ts PLAY_ID_PATTERN): 16 random bytes in base64url,
// so two screens never make the same id and a batch sent twice is recognised by the server.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function newPlayId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(16));
  let id = '';
  // 6 bits a character from each byte's low bits and the top pairs of three bytes: 22 characters, 128 bits.
  for (let i = 0; i < 15; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    id +=
      ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const last = bytes[15]!;
  return id + ALPHABET[last >> 2]! + ALPHABET[(last & 3) << 4]!;
}
