// The origin the frame bridge is pinned to: the origin of the URL the frame was given (docs/security.md §Bridge).
// A document the frame lands on from another origin (a redirect, a link) gets no answer, and the browser delivers
// our messages only to a document of that origin. A URL without a host of its own (data:, blob:, about:) has an
// opaque origin that could only be addressed as '*': such a frame gets no bridge at all.

/** The http(s) origin of `src` resolved against `base`, or null when it has none. */
export function frameOrigin(src: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(src, base);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}
