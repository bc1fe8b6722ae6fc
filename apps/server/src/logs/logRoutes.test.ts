import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { SAMPLE_FILES, registerPlayer, type TestPlayer } from '../../test/harness/management';
import {
  DEVICE_BODY_LIMIT,
  LOG_BATCH_MAX_LINES,
  LOG_MESSAGE_MAX_LENGTH,
  SCREENSHOT_MAX_BYTES,
} from './logSchemas';
import { DEFAULT_RETENTION } from './retention';

describe('log and error ingest', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const send = (
    url: string,
    player: TestPlayer | null,
    payload: unknown,
    headers: Record<string, string> = {},
  ) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { ...(player === null ? {} : { authorization: player.auth.apiToken }), ...headers },
      payload: payload as string,
    });
  const rows = (table: 'logs' | 'error_reports' | 'screenshots', playerId: string) =>
    test.app.services.db.selectFrom(table).selectAll().where('player_id', '=', playerId).execute();
  const deviceRecord = (player: TestPlayer) => ({
    id: player.id,
    platform: 'browser',
    model: '',
    version: '1.0.0',
    updated_at: test.clock(),
    web_player: {
      client: { name: 'Marquee Player', version: '1.0.0', update_channel: 'stable' },
      content_player: { name: 'studio-player', device_id: player.id, org_id: null, screen_id: null },
    },
  });

  describe('POST /logs/device', () => {
    it("stores the player's device record as its last one", async () => {
      const player = await registerPlayer(test.app);
      const record = deviceRecord(player);
      const response = await send('/logs/device', player, record);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ receivedAt: test.clock() });
      const row = await test.app.services.db
        .selectFrom('players')
        .select(['last_device_record', 'version'])
        .where('id', '=', player.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.last_device_record as string)).toEqual(record);
      expect(row.version).toBe('1.0.0');
    });

    it.each([
      [{ platform: 'browser', model: '', version: '1', updated_at: 1 }, 'id'],
      [{ id: 'x', platform: 'browser', model: '', version: '1', updated_at: -1 }, 'updated_at'],
      [{ id: 'x', platform: '', model: '', version: '1', updated_at: 1 }, 'platform'],
    ])('refuses an invalid record %j naming %s', async (payload, field) => {
      const player = await registerPlayer(test.app);
      const response = await send('/logs/device', player, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe(field);
    });

    it('refuses a body over the limit with 413', async () => {
      const player = await registerPlayer(test.app);
      const record = { ...deviceRecord(player), model: 'x'.repeat(DEVICE_BODY_LIMIT) };
      const response = await send('/logs/device', player, record);
      expect(response.statusCode).toBe(413);
    });
  });

  describe('authentication', () => {
    it.each([['/logs/device'], ['/logs/lines'], ['/errors']])(
      '%s refuses a missing, malformed or rotated token and a blocked player',
      async (url) => {
        const player = await registerPlayer(test.app);
        const body =
          url === '/logs/device'
            ? deviceRecord(player)
            : url === '/errors'
              ? { message: 'x' }
              : { lines: [{ level: 'info', message: 'x' }] };
        const missing = await send(url, null, body);
        expect(missing.statusCode).toBe(401);
        expect(missing.json().error.code).toBe('MISSING_AUTHORIZATION');
        const garbage = await send(url, null, body, { authorization: 'Bearer garbage' });
        expect(garbage.statusCode).toBe(401);
        expect(garbage.json().error.code).toBe('INVALID_TOKEN');
        const custom = await send(url, null, body, { authorization: player.auth.firebaseTokenV2 });
        expect(custom.statusCode).toBe(401);

        test.clock.advance(1000);
        const rotated = await test.app.inject({
          method: 'DELETE',
          url: `/_internal/players/${player.id}/credentials`,
          headers: { authorization: player.auth.secret },
        });
        expect(rotated.statusCode).toBe(200);
        const stale = await send(url, player, body);
        expect(stale.statusCode).toBe(401);
        expect(stale.json().error.code).toBe('CREDENTIALS_ROTATED');

        const fresh = { ...player, auth: rotated.json() };
        await test.app.services.db
          .updateTable('players')
          .set({ blocked: 1 })
          .where('id', '=', player.id)
          .execute();
        const blocked = await send(url, fresh, body);
        expect(blocked.statusCode).toBe(403);
        expect(blocked.json().error.code).toBe('PLAYER_BLOCKED');
        expect(await rows('logs', player.id)).toEqual([]);
        expect(await rows('error_reports', player.id)).toEqual([]);
      },
    );
  });

  describe('POST /logs/lines', () => {
    it('stores a batch, also sent as text/plain (a beacon)', async () => {
      const player = await registerPlayer(test.app);
      const response = await send('/logs/lines', player, {
        lines: [
          { level: 'warn', message: 'Command not implemented', data: { flag: 'x' }, time: 123 },
          { level: 'info', message: 'started' },
        ],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ accepted: 2, receivedAt: test.clock() });
      const beacon = await send(
        '/logs/lines',
        player,
        JSON.stringify({ lines: [{ level: 'error', message: 'beacon' }] }),
        { 'content-type': 'text/plain;charset=UTF-8' },
      );
      expect(beacon.statusCode).toBe(201);
      const stored = await rows('logs', player.id);
      expect(stored.map((row) => [row.level, row.message, row.data])).toEqual(
        expect.arrayContaining([
          ['warn', 'Command not implemented', JSON.stringify({ data: { flag: 'x' }, time: 123 })],
          ['info', 'started', null],
          ['error', 'beacon', null],
        ]),
      );
    });

    it.each([
      [{ lines: [] }, 'lines'],
      [{ lines: [{ level: 'fatal', message: 'x' }] }, 'lines.0.level'],
      [{ lines: [{ level: 'info', message: '' }] }, 'lines.0.message'],
      [{ lines: [{ level: 'info', message: 'x'.repeat(LOG_MESSAGE_MAX_LENGTH + 1) }] }, 'lines.0.message'],
      [{ lines: [{ level: 'info', message: 'x', data: { big: 'y'.repeat(9000) } }] }, 'lines.0.data'],
      [{ lines: [{ level: 'info', message: 'x', time: 1.5 }] }, 'lines.0.time'],
      [{ lines: [{ level: 'info', message: 'x', colour: 1 }] }, 'lines.0'],
      [
        { lines: Array.from({ length: LOG_BATCH_MAX_LINES + 1 }, () => ({ level: 'info', message: 'x' })) },
        'lines',
      ],
      [{ line: { level: 'info', message: 'x' } }, 'lines'],
    ])('refuses %j naming %s and stores nothing', async (payload, field) => {
      const player = await registerPlayer(test.app);
      const response = await send('/logs/lines', player, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe(field);
      expect(await rows('logs', player.id)).toEqual([]);
    });

    it('refuses malformed JSON and an unknown content type', async () => {
      const player = await registerPlayer(test.app);
      const broken = await send('/logs/lines', player, '{"lines":[', { 'content-type': 'application/json' });
      expect(broken.statusCode).toBe(400);
      const brokenBeacon = await send('/logs/lines', player, 'not json', { 'content-type': 'text/plain' });
      expect(brokenBeacon.statusCode).toBe(400);
      const xml = await send('/logs/lines', player, '<lines/>', { 'content-type': 'application/xml' });
      expect(xml.statusCode).toBe(415);
    });

    it(`keeps the newest ${DEFAULT_RETENTION.logLines} lines of a player, dropping the oldest`, async () => {
      const player = await registerPlayer(test.app);
      const other = await registerPlayer(test.app);
      await send('/logs/lines', other, { lines: [{ level: 'info', message: 'other player' }] });
      const total = DEFAULT_RETENTION.logLines + 150;
      for (let sent = 0; sent < total; sent += LOG_BATCH_MAX_LINES) {
        test.clock.advance(1);
        const lines = Array.from({ length: Math.min(LOG_BATCH_MAX_LINES, total - sent) }, (_, i) => ({
          level: 'info',
          message: `line ${sent + i}`,
        }));
        expect((await send('/logs/lines', player, { lines })).statusCode).toBe(201);
      }
      const kept = await rows('logs', player.id);
      expect(kept).toHaveLength(DEFAULT_RETENTION.logLines);
      const numbers = kept.map((row) => Number(String(row.message).slice(5))).sort((a, b) => a - b);
      expect(numbers[0]).toBe(total - DEFAULT_RETENTION.logLines);
      expect(numbers[numbers.length - 1]).toBe(total - 1);
      expect(await rows('logs', other.id)).toHaveLength(1);
    });
  });

  describe('POST /errors', () => {
    it('stores an error report', async () => {
      const player = await registerPlayer(test.app);
      const response = await send('/errors', player, {
        message: 'TypeError: x is undefined',
        service: 'meet-player',
        stack: 'at f (app.js:1:1)',
        data: { url: 'https://example.com' },
      });
      expect(response.statusCode).toBe(201);
      const [row] = await rows('error_reports', player.id);
      expect(row).toMatchObject({
        id: response.json().id,
        service: 'meet-player',
        message: 'TypeError: x is undefined',
        created_at: test.clock(),
      });
      expect(JSON.parse(row?.data as string)).toEqual({
        stack: 'at f (app.js:1:1)',
        data: { url: 'https://example.com' },
      });
    });

    it.each([
      [{}, 'message'],
      [{ message: '' }, 'message'],
      [{ message: 'x', service: '' }, 'service'],
      [{ message: 'x', stack: 'y'.repeat(16 * 1024 + 1) }, 'stack'],
      [{ message: 'x', level: 'fatal' }, 'body'],
    ])('refuses %j naming %s', async (payload, field) => {
      const player = await registerPlayer(test.app);
      const response = await send('/errors', player, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe(field);
      expect(await rows('error_reports', player.id)).toEqual([]);
    });

    it(`keeps the newest ${DEFAULT_RETENTION.errorReports} reports of a player`, async () => {
      const player = await registerPlayer(test.app);
      for (let i = 0; i < DEFAULT_RETENTION.errorReports + 3; i++) {
        test.clock.advance(1);
        await send('/errors', player, { message: `error ${i}` });
      }
      const kept = await rows('error_reports', player.id);
      expect(kept).toHaveLength(DEFAULT_RETENTION.errorReports);
      expect(kept.map((row) => row.message)).not.toContain('error 2');
      expect(kept.map((row) => row.message)).toContain('error 3');
    });
  });

  describe('POST /logs/{playerId}/screenshot', () => {
    const upload = (player: TestPlayer, body: Buffer, contentType: string, playerId = player.id) =>
      test.app.inject({
        method: 'POST',
        url: `/logs/${playerId}/screenshot`,
        headers: { authorization: player.auth.apiToken, 'content-type': contentType },
        payload: body,
      });

    it('stores the image, checked against its declared type', async () => {
      const player = await registerPlayer(test.app);
      const response = await upload(player, SAMPLE_FILES.png, 'image/png');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        takenAt: test.clock(),
        contentType: 'image/png',
        size: SAMPLE_FILES.png.length,
      });
      const [row] = await rows('screenshots', player.id);
      expect(Buffer.from(row?.data as Buffer).equals(SAMPLE_FILES.png)).toBe(true);
    });

    it('refuses bytes that are not the declared image, other types, and JSON', async () => {
      const player = await registerPlayer(test.app);
      const mismatch = await upload(player, SAMPLE_FILES.jpeg, 'image/png');
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error).toMatchObject({
        code: 'INVALID_IMAGE',
        message: 'The body is image/jpeg, not image/png as its Content-Type says',
      });
      const html = await upload(player, SAMPLE_FILES.html, 'image/webp');
      expect(html.statusCode).toBe(400);
      expect((await upload(player, SAMPLE_FILES.gif, 'image/gif')).statusCode).toBe(415);
      const json = await test.app.inject({
        method: 'POST',
        url: `/logs/${player.id}/screenshot`,
        headers: { authorization: player.auth.apiToken },
        payload: { image: 'data:' },
      });
      expect(json.statusCode).toBe(415);
      expect(await rows('screenshots', player.id)).toEqual([]);
    });

    it("refuses another player's token, an oversized image, and a malformed player id", async () => {
      const player = await registerPlayer(test.app);
      const other = await registerPlayer(test.app);
      const foreign = await upload(other, SAMPLE_FILES.png, 'image/png', player.id);
      expect(foreign.statusCode).toBe(403);
      const huge = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(SCREENSHOT_MAX_BYTES)]);
      expect((await upload(player, huge, 'image/png')).statusCode).toBe(413);
      expect((await upload(player, SAMPLE_FILES.png, 'image/png', 'bad.id')).statusCode).toBe(400);
      expect(await rows('screenshots', player.id)).toEqual([]);
    });

    it(`keeps the newest ${DEFAULT_RETENTION.screenshots} screenshots of a player`, async () => {
      const player = await registerPlayer(test.app);
      const ids = [];
      for (let i = 0; i < DEFAULT_RETENTION.screenshots + 2; i++) {
        test.clock.advance(1);
        ids.push((await upload(player, SAMPLE_FILES.png, 'image/png')).json().id);
      }
      const kept = (await rows('screenshots', player.id)).map((row) => row.id).sort();
      expect(kept).toEqual(ids.slice(2).sort());
    });
  });
});
