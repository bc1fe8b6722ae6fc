// The opaque position of a plays listing: the last row's (start, screen, play id), base64url JSON. Read back
// strictly: anything else is a 400 naming `cursor`.

import { invalid } from '../domain/errors';

export interface PlayPosition {
  startedAt: number;
  screenId: string;
  playId: string;
}

export function encodeCursor(position: PlayPosition): string {
  return Buffer.from(JSON.stringify([position.startedAt, position.screenId, position.playId])).toString(
    'base64url',
  );
}

export function decodeCursor(cursor: string): PlayPosition {
  const refuse = () => invalid('BAD_CURSOR', 'cursor must be the nextCursor of a previous page', 'cursor');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    !Number.isSafeInteger(value[0]) ||
    typeof value[1] !== 'string' ||
    typeof value[2] !== 'string'
  ) {
    throw refuse();
  }
  return { startedAt: value[0] as number, screenId: value[1], playId: value[2] };
}
