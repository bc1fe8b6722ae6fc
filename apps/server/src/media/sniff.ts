// What a file really is, from its first bytes (its "magic number"), for uploads: the Content-Type a client
// declares is not trusted, since a page served as an image could otherwise be smuggled into a screen.

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const MEDIA_TYPES = [...IMAGE_TYPES, ...VIDEO_TYPES] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Bytes needed to recognise every type below. */
export const SNIFF_BYTES = 64;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const FTYP = ascii('ftyp');
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const WEBM_DOCTYPE = ascii('webm');
/** ISO-BMFF brands that are still images or QuickTime, not MP4 video. */
const NON_MP4_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'qt  ',
  'crx ',
]);

function indexOf(bytes: Uint8Array, needle: readonly number[], limit: number): number {
  for (let index = 0; index + needle.length <= Math.min(bytes.length, limit); index++) {
    if (startsWith(bytes, needle, index)) return index;
  }
  return -1;
}

/** The media type of a file starting with `head` (at least SNIFF_BYTES of it, when the file has them), or null. */
export function sniffMediaType(head: Uint8Array): MediaType | null {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return 'image/gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  if (startsWith(head, FTYP, 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    return brand.length === 4 && !NON_MP4_BRANDS.has(brand) ? 'video/mp4' : null;
  }
  // Matroska and WebM share the EBML header; the DocType element near the start tells them apart.
  if (startsWith(head, EBML)) return indexOf(head, WEBM_DOCTYPE, SNIFF_BYTES) !== -1 ? 'video/webm' : null;
  return null;
}

export function isImageType(type: string): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(type);
}
