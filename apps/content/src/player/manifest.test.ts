import { describe, expect, it } from 'vitest';
import { parseManifest, resolveMediaSrc, sameManifest } from './manifest';

const image = { type: 'image', src: 'http://localhost:8080/media/a?v=1', durationMs: 5000 };
const page = { type: 'url', src: 'https://example.com/', durationMs: 10000 };

describe('parseManifest', () => {
  it('reads items stored as an index-keyed object', () => {
    expect(parseManifest({ version: 3, items: { 0: image, 1: page } })).toEqual({
      version: 3,
      items: [image, page],
      skipped: [],
    });
  });

  it('treats missing items as an empty list (the store drops empty arrays)', () => {
    expect(parseManifest({ version: 1 })).toEqual({ version: 1, items: [], skipped: [] });
  });

  it('skips a bad item and says why, keeping the others', () => {
    const manifest = parseManifest({ version: 2, items: [image, { type: 'gif', src: 'x', durationMs: 0 }] });
    expect(manifest?.items).toEqual([image]);
    expect(manifest?.skipped).toEqual([
      'item 2 is not a playable item: {"type":"gif","src":"x","durationMs":0}',
    ]);
  });

  it('refuses what is no manifest', () => {
    expect(parseManifest(null)).toBeNull();
    expect(parseManifest('text')).toBeNull();
    expect(parseManifest({ version: 0, items: [] })).toBeNull();
    expect(parseManifest({ items: [image] })).toBeNull();
  });
});

describe('sameManifest', () => {
  it('compares version and items', () => {
    const a = parseManifest({ version: 1, items: [image] });
    expect(sameManifest(a, parseManifest({ version: 1, items: { 0: image } }))).toBe(true);
    expect(sameManifest(a, parseManifest({ version: 2, items: [image] }))).toBe(false);
    expect(sameManifest(a, null)).toBe(false);
    expect(sameManifest(null, null)).toBe(true);
  });
});

describe('resolveMediaSrc', () => {
  it('moves loopback media URLs to the LAN address the screen uses', () => {
    expect(resolveMediaSrc('http://localhost:8080/media/a?v=1', 'http://192.168.1.20:8080')).toBe(
      'http://192.168.1.20:8080/media/a?v=1',
    );
  });

  it('leaves everything else alone', () => {
    expect(resolveMediaSrc('http://localhost:8080/media/a', 'http://localhost:8080')).toBe(
      'http://localhost:8080/media/a',
    );
    expect(resolveMediaSrc('http://localhost:8080/media/a', 'http://127.0.0.1:8080')).toBe(
      'http://localhost:8080/media/a',
    );
    expect(resolveMediaSrc('https://cdn.example.com/media/a', 'http://192.168.1.20:8080')).toBe(
      'https://cdn.example.com/media/a',
    );
    expect(resolveMediaSrc('http://localhost:8080/page', 'http://192.168.1.20:8080')).toBe(
      'http://localhost:8080/page',
    );
  });
});
