// The opaque position of an audit listing: the last entry's (at, id), base64url JSON. Read back strictly: anything
// else is a 400 naming `cursor`.

import { invalid } from '../domain/errors';

export interface AuditPosition {
  at: number;
  id: string;
}

export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

export function decodeAuditCursor(cursor: string): AuditPosition {
  const refuse = () => invalid('BAD_CURSOR', 'cursor must be the nextCursor of a previous page', 'cursor');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !Number.isSafeInteger(value[0]) ||
    typeof value[1] !== 'string'
  ) {
    throw refuse();
  }
  return { at: value[0] as number, id: value[1] };
}
