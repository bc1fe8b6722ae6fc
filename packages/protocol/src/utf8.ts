// UTF-8 size of a JavaScript string without encoding it, so a 10 MiB string costs no 10 MiB buffer.

/**
 * Number of bytes `s` takes in UTF-8, as TextEncoder would encode it (a lone surrogate becomes U+FFFD, 3 bytes).
 * With `stopAbove`, counting stops as soon as the size exceeds it and returns that partial count, which is still
 * greater than `stopAbove`: callers that only compare against a limit never scan a huge string to the end.
 */
export function utf8ByteLength(s: string, stopAbove = Infinity): number {
  // Every UTF-16 unit takes 1 to 3 bytes (a surrogate pair, two units, takes 4), so the length bounds the size.
  if (s.length > stopAbove) return s.length;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length && isLowSurrogate(s.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > stopAbove) return bytes;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Number of characters (Unicode code points) in `s`: an emoji counts once, not as two UTF-16 units. */
export function codePointLength(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length && isLowSurrogate(s.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}
