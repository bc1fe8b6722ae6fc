// The opaque positions of keyset-paged listings (screens, plays, the audit log): the last row's sort key as
// base64url JSON. Read back strictly: anything but the listing's own shape is a 400 naming `cursor`, so a
// hand-made or stale cursor never reaches a query.

import { invalid } from './errors';

export type CursorPart = 'integer' | 'string';
type PartValue<P extends CursorPart> = P extends 'integer' ? number : string;
export type CursorValues<S extends readonly CursorPart[]> = { -readonly [K in keyof S]: PartValue<S[K]> };

/** The cursor of a row whose sort key is `values`. */
export function encodePageCursor(values: readonly (number | string)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The sort key a cursor holds, checked against `shape`; `code` is the listing's error code for a bad one. */
export function decodePageCursor<const S extends readonly CursorPart[]>(
  cursor: string,
  shape: S,
  code = 'BAD_CURSOR',
): CursorValues<S> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  const fits =
    Array.isArray(value) &&
    value.length === shape.length &&
    shape.every((part, index) =>
      part === 'integer' ? Number.isSafeInteger(value[index]) : typeof value[index] === 'string',
    );
  if (!fits) throw invalid(code, 'cursor must be the nextCursor of a previous page', 'cursor');
  return value as CursorValues<S>;
}
