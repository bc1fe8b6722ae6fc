import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  SAMPLE_FILES,
  bearer,
  pairedScreen,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';
import { MAX_PAGE_SIZE } from '@marquee/management-api';

describe('screenshot, device record, logs and errors of a screen', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    test = await startTestApp();
    operator = await signUpOperator(test.app, 'Diagnostics Org');
  });
  afterAll(async () => {
    await test.close();
  });

  const get = (url: string) => test.app.inject({ url: `/api/v1${url}`, headers: bearer(operator.token) });
  const ingest = (paired: PairedScreen, url: string, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { authorization: paired.player.auth.apiToken },
      payload: payload as object,
    });

  describe('GET /screens/{id}/screenshot', () => {
    it('answers the latest screenshot with its content type, 404 before any', async () => {
      const paired = await pairedScreen(test.app, operator);
      const none = await get(`/screens/${paired.screenId}/screenshot`);
      expect(none.statusCode).toBe(404);
      expect(none.json().error.code).toBe('NO_SCREENSHOT');

      for (const [file, type] of [
        [SAMPLE_FILES.png, 'image/png'],
        [SAMPLE_FILES.jpeg, 'image/jpeg'],
      ] as const) {
        test.clock.advance(1000);
        const uploaded = await test.app.inject({
          method: 'POST',
          url: `/logs/${paired.player.id}/screenshot`,
          headers: { authorization: paired.player.auth.apiToken, 'content-type': type },
          payload: file,
        });
        expect(uploaded.statusCode).toBe(201);
      }
      const latest = await get(`/screens/${paired.screenId}/screenshot`);
      expect(latest.statusCode).toBe(200);
      expect(latest.headers['content-type']).toBe('image/jpeg');
      expect(latest.headers['cache-control']).toBe('private, no-cache');
      expect(latest.rawPayload.equals(SAMPLE_FILES.jpeg)).toBe(true);
    });
  });

  describe('GET /screens/{id}/device', () => {
    it('answers the last device record, and the registration record before one arrives', async () => {
      const paired = await pairedScreen(test.app, operator);
      const initial = await get(`/screens/${paired.screenId}/device`);
      expect(initial.statusCode).toBe(200);
      expect(initial.json().device).toMatchObject({ platform: 'browser', model: 'Model X' });

      const record = {
        id: paired.player.id,
        platform: 'chromeos',
        model: 'Box',
        version: '1.0.0',
        updated_at: 5,
      };
      expect((await ingest(paired, '/logs/device', record)).statusCode).toBe(200);
      expect((await get(`/screens/${paired.screenId}/device`)).json()).toEqual({
        device: record,
        updatedAt: test.clock(),
      });
    });

    it('answers 404 when the player has none', async () => {
      const paired = await pairedScreen(test.app, operator);
      await test.app.services.db
        .updateTable('players')
        .set({ last_device_record: null })
        .where('id', '=', paired.player.id)
        .execute();
      const response = await get(`/screens/${paired.screenId}/device`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NO_DEVICE_RECORD');
    });
  });

  describe('GET /screens/{id}/logs', () => {
    it('pages the recent lines newest first, filters by level, and hides lines from before the pairing', async () => {
      const paired = await pairedScreen(test.app, operator);
      // A line the player logged for another organisation is not shown.
      await test.app.services.db
        .insertInto('logs')
        .values({
          id: '0000000000000000000000000',
          player_id: paired.player.id,
          org_id: null,
          level: 'info',
          message: 'before pairing',
          data: null,
          created_at: 0,
        })
        .execute();
      for (let batch = 0; batch < 3; batch++) {
        test.clock.advance(1000);
        const lines = Array.from({ length: 2 }, (_, i) => ({
          level: i === 0 ? 'warn' : 'info',
          message: `line ${batch * 2 + i}`,
          ...(i === 0 ? { data: { batch }, time: batch } : {}),
        }));
        expect((await ingest(paired, '/logs/lines', { lines })).statusCode).toBe(201);
      }
      const first = await get(`/screens/${paired.screenId}/logs?limit=4`);
      expect(first.statusCode).toBe(200);
      const page1 = first.json();
      expect(page1.lines.map((line: { message: string }) => line.message)).toEqual([
        'line 5',
        'line 4',
        'line 3',
        'line 2',
      ]);
      expect(page1.lines[1]).toMatchObject({
        level: 'warn',
        data: { batch: 2 },
        time: 2,
        createdAt: test.clock(),
      });
      expect(page1.lines[0]).toMatchObject({ level: 'info', data: null, time: null });
      const page2 = (await get(`/screens/${paired.screenId}/logs?limit=4&cursor=${page1.nextCursor}`)).json();
      expect(page2.lines.map((line: { message: string }) => line.message)).toEqual(['line 1', 'line 0']);
      expect(page2.nextCursor).toBeNull();

      const warnings = (await get(`/screens/${paired.screenId}/logs?level=warn`)).json();
      expect(warnings.lines.map((line: { message: string }) => line.message)).toEqual([
        'line 4',
        'line 2',
        'line 0',
      ]);
    });

    it.each([
      ['limit=0', 'limit'],
      [`limit=${MAX_PAGE_SIZE + 1}`, 'limit'],
      ['limit=abc', 'limit'],
      ['cursor=nope', 'cursor'],
      ['level=fatal', 'level'],
    ])('refuses ?%s naming %s', async (query, field) => {
      const paired = await pairedScreen(test.app, operator);
      const response = await get(`/screens/${paired.screenId}/logs?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe(field);
    });
  });

  describe('GET /screens/{id}/errors', () => {
    it('pages the recent error reports newest first', async () => {
      const paired = await pairedScreen(test.app, operator);
      for (let i = 0; i < 3; i++) {
        test.clock.advance(1000);
        const sent = await ingest(paired, '/errors', {
          message: `error ${i}`,
          service: 'meet-player',
          stack: `s${i}`,
        });
        expect(sent.statusCode).toBe(201);
      }
      const page1 = (await get(`/screens/${paired.screenId}/errors?limit=2`)).json();
      expect(page1.errors).toEqual([
        expect.objectContaining({
          message: 'error 2',
          service: 'meet-player',
          stack: 's2',
          createdAt: test.clock(),
        }),
        expect.objectContaining({ message: 'error 1' }),
      ]);
      const page2 = (
        await get(`/screens/${paired.screenId}/errors?limit=2&cursor=${page1.nextCursor}`)
      ).json();
      expect(page2).toEqual({ errors: [expect.objectContaining({ message: 'error 0' })], nextCursor: null });
    });
  });

  it('answers 404 for the diagnostics of an unknown screen', async () => {
    for (const part of ['screenshot', 'device', 'logs', 'errors']) {
      expect((await get(`/screens/0000000000000000000000000/${part}`)).statusCode).toBe(404);
    }
  });
});
