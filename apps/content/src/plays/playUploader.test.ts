// @vitest-environment node
// The uploader against a real HTTP receiver on 127.0.0.1 that answers as POST /_internal/players/{id}/plays does
// (PlayBatchAnswer in packages/protocol/src/plays.ts), with a real buffer (fake-indexeddb) and time moved by hand.

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FoldedPlays, PlayBatch, PlayBatchAnswer, PlayRecord } from '@marquee/protocol';
import { createPlayerApi } from '../platform/playerApi';
import { contentConfigOf } from '../platform/runtimeConfig';
import { manualTimers } from './manualTimers';
import { PlayBuffer } from './playBuffer';
import { playAt, testId } from './playTestKit';
import { MAX_BACKOFF_MS, startPlayUploader, type PlayUploader } from './playUploader';

const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);
const base64Url = (text: string) => Buffer.from(text).toString('base64url');
const API_TOKEN = `${base64Url('{"alg":"none"}')}.${base64Url('{"sub":"player-7","org_id":"org-1"}')}.sig`;

interface Received {
  path: string;
  authorization: string | undefined;
  batch: PlayBatch;
}
type Answer = { status: number; body?: unknown };

/** A receiver that stores plays by id like the server: a record sent twice is a duplicate. */
async function receiver(answer: (batch: PlayBatch) => Answer | null = () => null, port = 0) {
  const received: Received[] = [];
  const stored = new Map<string, PlayRecord>();
  const folds = new Map<string, FoldedPlays>();
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => resolve(text));
    });
  const server: Server = createServer((request, response) => {
    void read(request).then((text) => {
      const batch = JSON.parse(text) as PlayBatch;
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, batch });
      const chosen = answer(batch);
      if (chosen !== null) {
        response.writeHead(chosen.status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(chosen.body ?? { error: 'refused' }));
        return;
      }
      let accepted = 0;
      let duplicates = 0;
      for (const play of batch.plays as PlayRecord[]) {
        if (stored.has(play.playId)) {
          duplicates += 1;
        } else {
          stored.set(play.playId, play);
          accepted += 1;
        }
      }
      for (const fold of (batch.folded ?? []) as FoldedPlays[]) folds.set(fold.foldId, fold);
      const body: PlayBatchAnswer = { accepted, duplicates, rejected: [], clockSkewMs: null };
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  servers.push(close);
  return { url: `http://127.0.0.1:${bound}`, received, stored, folds, close };
}

const servers: Array<() => Promise<void>> = [];
const stops: Array<() => void> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  for (const close of servers.splice(0)) await close();
});

async function setUp(apiUrl: string, start: number, cap?: number) {
  const timers = manualTimers(start);
  const buffer = await PlayBuffer.open({
    factory: new IDBFactory(),
    newId: () => testId('fold'),
    ...(cap === undefined ? {} : { cap }),
  });
  const api = createPlayerApi(contentConfigOf({ apiUrl }, 'http://screen'), () =>
    Promise.resolve({ apiToken: API_TOKEN, firebaseTokenV2: 'custom-token', secret: 'secret' }),
  );
  const log = vi.fn<(level: string, message: string, data?: unknown) => void>();
  const uploader: PlayUploader = startPlayUploader({
    buffer,
    send: (batch) => api.uploadPlays(batch),
    log,
    clock: timers.now,
    timers,
    random: () => 0.5,
  });
  stops.push(() => uploader.stop());
  const record = async (fields: Partial<PlayRecord> = {}) => {
    const play = playAt(timers.now(), fields);
    await buffer.add(play);
    uploader.nudge();
    return play;
  };
  const advance = (ms: number) => timers.advance(ms, () => uploader.flush());
  return { timers, buffer, uploader, log, record, advance };
}

describe('the play uploader', () => {
  it('sends what waits every 60 s with the player token, and marks it uploaded', async () => {
    const server = await receiver();
    const start = at('2026-07-01T09:00:00Z');
    const { record, advance, buffer } = await setUp(server.url, start);
    const plays = [await record(), await record(), await record()];
    await advance(MINUTE - 1);
    expect(server.received).toEqual([]);
    await advance(1);
    expect(server.received).toHaveLength(1);
    const [{ path, authorization, batch }] = server.received as [Received];
    expect(path).toBe('/_internal/players/player-7/plays');
    expect(authorization).toBe(API_TOKEN);
    expect(batch).toEqual({ sentAt: start + MINUTE, plays });
    expect(buffer.size.pendingPlays).toBe(0);
    await advance(MINUTE);
    expect(server.received).toHaveLength(1);
  });

  it('sends at once when 500 plays wait, before the minute is up', async () => {
    const server = await receiver();
    const { record, buffer } = await setUp(server.url, at('2026-07-01T09:00:00Z'));
    for (let i = 0; i < 499; i++) await record();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toHaveLength(0);
    await record();
    await vi.waitFor(() => expect(server.received).toHaveLength(1));
    expect(server.received[0]!.batch.plays).toHaveLength(500);
    await vi.waitFor(() => expect(buffer.size.pendingPlays).toBe(0));
  });

  it('keeps the plays through server failures and retries with a growing back-off', async () => {
    let failing = 3;
    const server = await receiver(() => (failing-- > 0 ? { status: 503 } : null));
    const start = at('2026-07-01T09:00:00Z');
    const { record, advance, buffer, timers, log } = await setUp(server.url, start);
    const play = await record();
    await advance(MINUTE);
    expect(server.received).toHaveLength(1);
    expect(timers.delays()).toEqual([MINUTE]);
    await advance(MINUTE);
    expect(timers.delays()).toEqual([2 * MINUTE]);
    await advance(2 * MINUTE);
    expect(timers.delays()).toEqual([4 * MINUTE]);
    expect(buffer.size.pendingPlays).toBe(1);
    await advance(4 * MINUTE);
    expect(server.received.map((sent) => sent.batch.sentAt - start)).toEqual(
      [1, 2, 4, 8].map((m) => m * MINUTE),
    );
    expect([...server.stored.values()]).toEqual([play]);
    expect(buffer.size.pendingPlays).toBe(0);
    // Logged once for the whole outage, and back to the upload period.
    expect(log.mock.calls.filter(([, message]) => message.startsWith('Plays not uploaded'))).toHaveLength(1);
    expect(timers.delays()).toEqual([MINUTE]);
  });

  it('marks refused records uploaded and logs them once: they would be refused every time', async () => {
    const server = await receiver((batch) => ({
      status: 200,
      body: {
        accepted: batch.plays.length - 1,
        duplicates: 0,
        rejected: [{ list: 'plays', index: 1, id: 'x', field: 'durationMs', message: 'over 24 h' }],
        clockSkewMs: null,
      },
    }));
    const { record, advance, buffer, log } = await setUp(server.url, at('2026-07-01T09:00:00Z'));
    await record();
    await record({ durationMs: 25 * 60 * MINUTE });
    await advance(MINUTE);
    expect(buffer.size.pendingPlays).toBe(0);
    expect(log).toHaveBeenCalledWith('warn', 'The server refused 1 of 2 plays', {
      rejected: [expect.objectContaining({ field: 'durationMs' })],
    });
    await advance(10 * MINUTE);
    expect(server.received).toHaveLength(1);
  });

  it('drops a batch whose envelope is refused (400) rather than send it for ever, but keeps one a 404 turns away', async () => {
    let status = 404;
    const server = await receiver(() => ({ status }));
    const { record, advance, buffer, log } = await setUp(server.url, at('2026-07-01T09:00:00Z'));
    await record();
    await advance(MINUTE);
    expect(buffer.size.pendingPlays).toBe(1);
    status = 400;
    await advance(MINUTE);
    expect(buffer.size).toEqual({ plays: 0, pendingPlays: 0, pendingFolds: 0 });
    expect(log).toHaveBeenCalledWith(
      'warn',
      'Dropped 1 plays and 0 hourly counts the server refused',
      expect.objectContaining({ status: 400 }),
    );
  });

  it('offline for days across the autumn change: a full buffer folds, and everything arrives when back', async () => {
    // A port nothing listens on yet: every try is refused, as on a screen whose network is down.
    const down = await receiver();
    const apiUrl = down.url;
    await servers.pop()!();
    const start = at('2026-10-23T00:00:00Z');
    const { record, advance, buffer, timers } = await setUp(apiUrl, start, 200);
    const plays: PlayRecord[] = [];
    // Four days of ten-minute items with the server unreachable.
    for (let i = 0; i < 4 * 144; i++) {
      plays.push(await record());
      await advance(10 * MINUTE);
    }
    expect(buffer.size.plays).toBeLessThanOrEqual(200);
    expect(buffer.size.pendingFolds).toBeGreaterThan(0);
    expect(timers.delays()[0]).toBeLessThanOrEqual(MAX_BACKOFF_MS * 1.2);

    // The server comes back on the same address.
    const back = await receiver(undefined, Number(new URL(apiUrl).port));
    await advance(MAX_BACKOFF_MS * 1.2);
    await vi.waitFor(() => expect(buffer.size.pendingPlays + buffer.size.pendingFolds).toBe(0));
    const folded = [...back.folds.values()];
    expect(back.stored.size + folded.reduce((sum, fold) => sum + fold.count, 0)).toBe(plays.length);
    const hours = new Set(
      folded.map((fold) => fold.localHour).filter((hour) => hour.startsWith('2026-10-25T01')),
    );
    expect([...hours].sort()).toEqual(['2026-10-25T01:00:00+00:00', '2026-10-25T01:00:00+01:00']);
  });
});
