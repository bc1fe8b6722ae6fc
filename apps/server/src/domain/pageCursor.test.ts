// Page cursors as a client meets them: what a listing hands out comes back as the same position, and anything
// else (garbage, another listing's cursor, a tampered one) is a 400 that names `cursor`.

import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { decodePageCursor, encodePageCursor } from './pageCursor';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? { kind: error.kind, code: error.code, field: error.field } : error;
  }
  return 'accepted';
};

describe('page cursors', () => {
  it('gives back the position it was made from', () => {
    const cursor = encodePageCursor([1_732_000_000_000, 'screen-1', 'play-9']);
    expect(decodePageCursor(cursor, ['integer', 'string', 'string'])).toEqual([
      1_732_000_000_000,
      'screen-1',
      'play-9',
    ]);
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['JSON but no array', Buffer.from('{"at":1}').toString('base64url')],
    ["another listing's shape", encodePageCursor(['Lobby', 'screen-1'])],
    ['a fractional time', encodePageCursor([1.5, 'id'])],
    ['one part short', encodePageCursor([1])],
  ])('refuses %s with a 400 naming cursor', (_, cursor) => {
    expect(refusal(() => decodePageCursor(cursor, ['integer', 'string']))).toEqual({
      kind: 'invalid',
      code: 'BAD_CURSOR',
      field: 'cursor',
    });
  });

  it("answers with the listing's own error code", () => {
    expect(refusal(() => decodePageCursor('%%%', ['string', 'string'], 'INVALID_CURSOR'))).toMatchObject({
      code: 'INVALID_CURSOR',
    });
  });
});
