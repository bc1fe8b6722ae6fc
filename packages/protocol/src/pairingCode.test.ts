import { describe, expect, it } from 'vitest';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from './constants';
import { generatePairingCode, isPairingCode, normalizePairingCode } from './pairingCode';

const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

describe('generatePairingCode', () => {
  it('draws each of the 6 characters from the alphabet', () => {
    expect(PAIRING_CODE_LENGTH).toBe(6);
    expect(PAIRING_CODE_ALPHABET).toHaveLength(32);
    expect(generatePairingCode(() => 0)).toBe('AAAAAA');
    expect(generatePairingCode(() => 0.999999)).toBe('999999');
    // Index floor(r * 32): 0→A, 8→J (I is skipped), 23→Z, 24→2.
    expect(generatePairingCode(sequence(0, 8 / 32, 23 / 32, 24 / 32, 31 / 32, 0.5))).toBe('AJZ29S');
  });

  it('never produces the look-alikes 0, O, 1 or I', () => {
    for (const char of '0O1I') expect(PAIRING_CODE_ALPHABET).not.toContain(char);
    for (let i = 0; i < 32; i++) {
      const code = generatePairingCode(() => (i + 0.5) / 32);
      expect(code).toBe(PAIRING_CODE_ALPHABET.charAt(i).repeat(6));
      expect(isPairingCode(code)).toBe(true);
    }
  });

  it.each([1, -0.1, Number.NaN, 2])('rejects a random value of %d', (value) => {
    expect(() => generatePairingCode(() => value)).toThrow(RangeError);
  });
});

describe('normalizePairingCode', () => {
  it.each([
    ['abc234', 'ABC234'],
    [' abc-234 ', 'ABC234'],
    ['ab c2 34', 'ABC234'],
    ['ABC--234', 'ABC234'],
    ['a\tb\nc234', 'ABC234'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(normalizePairingCode(value)).toBe(expected);
  });
});

describe('isPairingCode', () => {
  it.each(['ABC234', 'abc234', 'abc-234', ' ABC 234 ', 'ZZZZZZ', '999999'])('accepts %j', (value) => {
    expect(isPairingCode(value)).toBe(true);
  });

  it.each([
    '',
    'ABC23',
    'ABC2345',
    'ABC0DE',
    'ABCODE',
    'ABC1DE',
    'ABCIDE',
    'ABC_23',
    'ABC.23',
    'ÄBC234',
    null,
    123456,
  ])('rejects %j', (value) => {
    expect(isPairingCode(value)).toBe(false);
  });
});
