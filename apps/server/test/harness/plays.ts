// Play records as a content player makes them (packages/protocol/src/plays.ts), and their upload through the real
// player route, for the proof-of-play tests.

import { randomBytes } from 'node:crypto';
import { formatIsoWithOffset, type PlayBatchAnswer, type PlayRecord } from '@marquee/protocol';
import type { App } from '../../src/app';
import type { TestPlayer } from './management';

/** A completed 10-second play of `src` at `startedAt` in `timezone`, with the local start the device would send. */
export function play(
  startedAt: number,
  timezone = 'Europe/London',
  extra: Partial<PlayRecord> = {},
): PlayRecord {
  return {
    playId: randomBytes(9).toString('base64url'),
    src: 'https://example.com/a.png',
    name: 'A',
    startedAt,
    localStart: formatIsoWithOffset(startedAt, timezone),
    timezone,
    durationMs: 10_000,
    plannedMs: 10_000,
    outcome: 'completed',
    ...extra,
  };
}

export interface Upload {
  status: number;
  answer: PlayBatchAnswer & { code?: string };
}

/** POSTs a batch as `player`; sentAt defaults to the app's clock. */
export async function uploadPlays(
  app: App,
  player: TestPlayer,
  plays: unknown[],
  options: { sentAt?: number; folded?: unknown[] } = {},
): Promise<Upload> {
  const response = await app.inject({
    method: 'POST',
    url: `/_internal/players/${player.id}/plays`,
    headers: { authorization: `Bearer ${player.auth.apiToken}` },
    payload: {
      sentAt: options.sentAt ?? app.services.clock(),
      plays,
      ...(options.folded === undefined ? {} : { folded: options.folded }),
    },
  });
  return { status: response.statusCode, answer: response.json() };
}
