import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength, utf8ByteLength } from './utf8';

// The package is compiled without DOM or Node types; the test runner (Node) has TextEncoder all the same.
declare const TextEncoder: new () => { encode(s: string): Uint8Array };
const encoder = new TextEncoder();

describe('utf8ByteLength', () => {
  it('counts 1, 2, 3 and 4 byte characters', () => {
    expect(utf8ByteLength('')).toBe(0);
    expect(utf8ByteLength('a')).toBe(1);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('a😀é€')).toBe(10);
  });

  it('counts a lone surrogate as the 3-byte replacement character', () => {
    expect(utf8ByteLength('\ud800')).toBe(3);
    expect(utf8ByteLength('\udc00x')).toBe(4);
    expect(utf8ByteLength('\ud83d')).toBe(encoder.encode('\ud83d').length);
  });

  it('agrees with TextEncoder on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(utf8ByteLength(s)).toBe(encoder.encode(s).length);
      }),
    );
  });

  it('stops early but still reports a size above the limit', () => {
    expect(utf8ByteLength('😀😀😀', 5)).toBeGreaterThan(5);
    expect(utf8ByteLength('😀😀😀', 12)).toBe(12);
    expect(utf8ByteLength('abcdef', 3)).toBeGreaterThan(3);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(40), (s, limit) => {
        const exact = utf8ByteLength(s);
        const bounded = utf8ByteLength(s, limit);
        if (exact <= limit) expect(bounded).toBe(exact);
        else expect(bounded).toBeGreaterThan(limit);
      }),
    );
  });
});

describe('codePointLength', () => {
  it('counts an emoji once and a lone surrogate once', () => {
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('😀')).toBe(1);
    expect(codePointLength('a😀b')).toBe(3);
    expect(codePointLength('\ud800\ud800')).toBe(2);
  });

  it('agrees with the string iterator', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(codePointLength(s)).toBe([...s].length);
      }),
    );
  });
});
