// Every error code the wire declares (REALTIME_ERROR_CODES) is one the hub really answers: each is provoked by a
// real client message over a real socket, and answered to that message with a readable reason.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  MAX_STRING_BYTES,
  REALTIME_ERROR_CODES,
  REALTIME_RATE_BURST,
  type RealtimeErrorCode,
} from '@marquee/protocol';
import { WireClient, appPerTest, connectAs, newPlayer, type Answer } from '../../test/harness/realtime';
import { valueHash } from './valueHash';

const fixture = appPerTest();

/** A player's socket, authenticated. */
const playerSocket = () => connectAs(fixture.test, fixture.player.idToken);

/** How to make the hub answer each code. */
const provoke: Record<RealtimeErrorCode, () => Promise<Answer>> = {
  async permission_denied() {
    const other = await newPlayer(fixture.test);
    return (await playerSocket()).request({ t: 'get', path: `players/${other.id}` });
  },
  async invalid_path() {
    return (await playerSocket()).request({ t: 'listen', path: 'players' });
  },
  async invalid_value() {
    const path = `${fixture.base}/connection/connected`;
    return (await playerSocket()).request({ t: 'set', path, value: 'yes' });
  },
  async too_large() {
    const path = `${fixture.base}/settings/name`;
    return (await playerSocket()).request({ t: 'set', path, value: 'x'.repeat(MAX_STRING_BYTES + 1) });
  },
  async datastale() {
    const path = `${fixture.base}/settings/name`;
    return (await playerSocket()).request({ t: 'cas', path, value: 'Hall', hash: valueHash('not it') });
  },
  async unauthenticated() {
    const anonymous = await WireClient.connect(fixture.test.url);
    return anonymous.request({ t: 'get', path: fixture.base });
  },
  async rate_limited() {
    const client = await playerSocket();
    const sent = Array.from({ length: REALTIME_RATE_BURST + 50 }, () => client.post({ t: 'time' }));
    const answers = await Promise.all(sent.map((r) => client.answerTo(r)));
    return answers.find((answer) => !answer.ok) ?? answers.at(-1)!;
  },
  async invalid_request() {
    const client = await playerSocket();
    client.sendRaw(JSON.stringify({ r: 77, t: 'fly', path: fixture.base }));
    return client.answerTo(77);
  },
  async internal() {
    // The database itself fails the write: nothing the client did wrong.
    const { db } = fixture.test.app.services;
    const doc = fixture.base;
    await sql`CREATE TRIGGER refuse_writes BEFORE UPDATE ON realtime_documents WHEN NEW.path = ${sql.lit(doc)}
      BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`.execute(db);
    return (await playerSocket()).request({ t: 'set', path: `${doc}/settings/name`, value: 'Hall' });
  },
};

describe('error codes through the wire', () => {
  it.each(REALTIME_ERROR_CODES)('answers %s to the message that caused it', async (code) => {
    const answer = await provoke[code]();
    expect(answer).toMatchObject({ ok: false, code, r: expect.any(Number) });
    expect((answer as { message: string }).message.length).toBeGreaterThan(10);
  });
});
