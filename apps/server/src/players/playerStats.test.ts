// POST /_internal/players/{id}/stats (docs/protocols/player-api.md §Stats) and the latest report in the management
// API's screen view: authenticated like the player API, validated by protocol's record, one row per player.

import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlayerStats } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  bearer,
  pairedScreen,
  registerPlayer,
  signUpOperator,
  type TestOperator,
} from '../../test/harness/management';

const REPORT: PlayerStats = {
  uptime: 125,
  heap: { used: 12_000_000, total: 20_000_000, limit: 4_294_705_152 },
  frameResponsive: true,
  contentVersion: 3,
  onlineSeconds: 120,
  offlineSeconds: 5,
};

describe('player stats', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeEach(async () => {
    test = await startTestApp();
    operator = await signUpOperator(test.app);
  });
  afterEach(async () => {
    await test.close();
  });

  const report = (playerId: string, authorization: string | undefined, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: `/_internal/players/${playerId}/stats`,
      headers: authorization === undefined ? {} : { authorization },
      payload: payload as object,
    });

  const screenStatus = async (screenId: string) => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v1/screens/${screenId}`,
      headers: bearer(operator.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ status: { stats?: PlayerStats & { reportedAt: number } } }>().status;
  };

  const rows = () => test.app.services.db.selectFrom('player_stats').selectAll().execute();

  it('keeps the latest report, which the screen view answers with the time it came', async () => {
    const { screenId, player } = await pairedScreen(test.app, operator);
    expect((await screenStatus(screenId)).stats).toBeUndefined();

    const first = await report(player.id, player.auth.apiToken, REPORT);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ receivedAt: test.clock() });
    expect((await screenStatus(screenId)).stats).toEqual({ ...REPORT, reportedAt: test.clock() });

    test.clock.advance(20_000);
    const later = { ...REPORT, uptime: 145, heap: null, frameResponsive: false, contentVersion: null };
    expect((await report(player.id, `Bearer ${player.auth.apiToken}`, later)).statusCode).toBe(200);
    expect((await screenStatus(screenId)).stats).toEqual({ ...later, reportedAt: test.clock() });
    expect(await rows()).toHaveLength(1);
  });

  it('stays one row per player however many reports come (bounded)', async () => {
    const a = await registerPlayer(test.app);
    const b = await registerPlayer(test.app);
    for (let uptime = 0; uptime < 30; uptime++) {
      expect((await report(a.id, a.auth.apiToken, { ...REPORT, uptime })).statusCode).toBe(200);
    }
    expect((await report(b.id, b.auth.apiToken, REPORT)).statusCode).toBe(200);
    const stored = await rows();
    expect(stored.map((row) => row.player_id).sort()).toEqual([a.id, b.id].sort());
    expect(JSON.parse(stored.find((row) => row.player_id === a.id)?.stats ?? '{}')).toMatchObject({
      uptime: 29,
    });
  });

  it('refuses a missing, foreign, garbage or rotated token, and stores nothing', async () => {
    const a = await registerPlayer(test.app);
    const b = await registerPlayer(test.app);
    const refusals: [string | undefined, number, string][] = [
      [undefined, 401, 'MISSING_AUTHORIZATION'],
      ['not-a-token', 401, 'INVALID_TOKEN'],
      [b.auth.secret, 401, 'INVALID_TOKEN'],
      [a.auth.apiToken, 403, 'FORBIDDEN'],
    ];
    for (const [authorization, status, code] of refusals) {
      const refused = await report(b.id, authorization, REPORT);
      expect(refused.statusCode, code).toBe(status);
      expect(refused.json()).toMatchObject({ error: { code } });
    }
    const rotated = await test.app.inject({
      method: 'DELETE',
      url: `/_internal/players/${b.id}/credentials`,
      headers: { authorization: b.auth.secret },
    });
    expect(rotated.statusCode).toBe(200);
    const stale = await report(b.id, b.auth.apiToken, REPORT);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ error: { code: 'CREDENTIALS_ROTATED' } });
    expect(await rows()).toEqual([]);
  });

  it('answers 400 naming the field of a bad report, 413 and 415 for the wrong body, and stores nothing', async () => {
    const { id, auth } = await registerPlayer(test.app);
    const bad: [unknown, string][] = [
      [{ ...REPORT, uptime: -1 }, 'uptime'],
      [{ ...REPORT, onlineSeconds: 'long' }, 'onlineSeconds'],
      [{ ...REPORT, heap: { used: 1, total: 2 } }, 'heap.limit'],
      [{ ...REPORT, frameResponsive: 1 }, 'frameResponsive'],
      [{ ...REPORT, contentVersion: 2.5 }, 'contentVersion'],
    ];
    for (const [payload, field] of bad) {
      const refused = await report(id, auth.apiToken, payload);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field } });
    }
    expect((await report(id, auth.apiToken, [])).statusCode).toBe(400);
    const empty = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/${id}/stats`,
      headers: { authorization: auth.apiToken },
    });
    expect(empty.statusCode).toBe(400);
    const big = await report(id, auth.apiToken, { ...REPORT, padding: 'x'.repeat(16 * 1024) });
    expect(big.statusCode).toBe(413);
    const text = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/${id}/stats`,
      headers: { authorization: auth.apiToken, 'content-type': 'text/plain' },
      payload: 'uptime=5',
    });
    expect(text.statusCode).toBe(415);
    expect(await rows()).toEqual([]);
  });

  it('never answers 5xx, whatever body is sent', async () => {
    const { id, auth } = await registerPlayer(test.app);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (payload) => {
        const response = await test.app.inject({
          method: 'POST',
          url: `/_internal/players/${id}/stats`,
          headers: { authorization: auth.apiToken, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });

  it('counts reports under the player API rate limit of the token', async () => {
    await test.close();
    test = await startTestApp({ rateLimits: { playerApiPerToken: 2 } });
    const { id, auth } = await registerPlayer(test.app);
    expect((await report(id, auth.apiToken, REPORT)).statusCode).toBe(200);
    expect((await report(id, auth.apiToken, REPORT)).statusCode).toBe(200);
    const limited = await report(id, auth.apiToken, REPORT);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('goes with its player on a hard reset, and leaves a stored report that no longer fits out of the view', async () => {
    const { screenId, player } = await pairedScreen(test.app, operator);
    expect((await report(player.id, player.auth.apiToken, REPORT)).statusCode).toBe(200);
    const { db } = test.app.services;
    await db.updateTable('player_stats').set({ stats: '{"uptime":"soon"}' }).execute();
    expect((await screenStatus(screenId)).stats).toBeUndefined();

    const reset = await test.app.inject({
      method: 'DELETE',
      url: `/_internal/players/${player.id}`,
      headers: { authorization: player.auth.apiToken },
    });
    expect(reset.statusCode).toBe(200);
    expect(await rows()).toEqual([]);
  });
});
