import { describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../../test/harness/management';
import { isImageType, sniffMediaType } from './sniff';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(8)]);

describe('sniffMediaType', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
    ['mp4', 'video/mp4'],
    ['webm', 'video/webm'],
  ] as const)('recognises %s by its first bytes', (name, type) => {
    expect(sniffMediaType(SAMPLE_FILES[name])).toBe(type);
  });

  it('recognises GIF87a and MP4 brands other than isom', () => {
    expect(sniffMediaType(Buffer.from('GIF87a...'))).toBe('image/gif');
    expect(sniffMediaType(ftyp('mp42'))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('M4V '))).toBe('video/mp4');
  });

  it('refuses look-alikes: HEIC/AVIF/QuickTime, Matroska that is not WebM, RIFF that is not WebP', () => {
    expect(sniffMediaType(ftyp('heic'))).toBeNull();
    expect(sniffMediaType(ftyp('avif'))).toBeNull();
    expect(sniffMediaType(ftyp('qt  '))).toBeNull();
    expect(
      sniffMediaType(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('matroska')])),
    ).toBeNull();
    expect(
      sniffMediaType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])),
    ).toBeNull();
  });

  it('refuses text, empty and truncated signatures', () => {
    expect(sniffMediaType(SAMPLE_FILES.html)).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
    expect(sniffMediaType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffMediaType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffMediaType(Buffer.from('RIFF'))).toBeNull();
  });

  it('tells images from videos', () => {
    expect(isImageType('image/webp')).toBe(true);
    expect(isImageType('video/mp4')).toBe(false);
  });
});
