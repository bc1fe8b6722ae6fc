// Pairing codes (`pairing/code` of docs/data-model.md §The player document): PAIRING_CODE_LENGTH characters of
// PAIRING_CODE_ALPHABET, which leaves out the look-alikes 0/O and 1/I. Operators may type them in lower case, spaced
// or dashed.

import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from './constants';

const PAIRING_CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

/** A new code; `random` is like Math.random (a number in [0, 1)), anything else is a RangeError. */
export function generatePairingCode(random: () => number): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) {
    const draw = random();
    if (!(draw >= 0 && draw < 1))
      throw new RangeError(`random() must return a number in [0, 1), got ${draw}`);
    code += PAIRING_CODE_ALPHABET.charAt(Math.floor(draw * PAIRING_CODE_ALPHABET.length));
  }
  return code;
}

/** Upper case with whitespace and dashes removed: ' abc-234 ' → 'ABC234'. Does not validate. */
export function normalizePairingCode(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether `value`, once normalised, is a well-formed pairing code. */
export function isPairingCode(value: unknown): value is string {
  return typeof value === 'string' && PAIRING_CODE.test(normalizePairingCode(value));
}
