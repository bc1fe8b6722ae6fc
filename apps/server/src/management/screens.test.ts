import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppDataSchema,
  HEARTBEAT_INTERVAL_MS,
  playerBranchPath,
  restoreArrays,
  type RealtimeValue,
} from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  SAMPLE_FILES,
  bearer,
  multipartBody,
  pairedScreen,
  playerDoc,
  signUpOperator,
  type TestOperator,
} from '../../test/harness/management';
import { DEFAULT_ITEM_DURATION_MS } from '../screens/content';

describe('/api/v1/screens', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    test = await startTestApp();
    operator = await signUpOperator(test.app, 'Screens Org');
  });
  afterAll(async () => {
    await test.close();
  });

  const api = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = operator.token) =>
    test.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const patch = (screenId: string, payload: unknown) => api('PATCH', `/screens/${screenId}`, payload);
  /** What the content player reads: app/data with arrays restored, checked against the protocol schema. */
  const appData = async (playerId: string) => {
    const doc = (await playerDoc(test.app, playerId)) as RealtimeValue;
    const data = restoreArrays((doc as { app?: { data?: RealtimeValue } }).app?.data ?? null) as {
      items?: unknown;
    };
    return AppDataSchema.parse({ items: [], ...data });
  };
  async function upload(content: Buffer, contentType: string) {
    const body = multipartBody({ content, contentType, filename: 'file' });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...bearer(operator.token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; url: string; sha256: string }>();
  }

  describe('GET /screens and /screens/{id}', () => {
    it("lists the organisation's screens with live status", async () => {
      const own = await signUpOperator(test.app, 'Listing Org');
      const { screenId, player } = await pairedScreen(test.app, own, 'Hall');
      const empty = await api('GET', '/screens', undefined, (await signUpOperator(test.app)).token);
      expect(empty.json()).toEqual({ screens: [], nextCursor: null });

      let screens = (await api('GET', '/screens', undefined, own.token)).json().screens;
      expect(screens).toHaveLength(1);
      expect(screens[0]).toMatchObject({
        id: screenId,
        name: 'Hall',
        status: { online: false, connectedAt: null },
      });

      // The player connects (its realtime connection record), sends a heartbeat and its device record.
      await test.app.services.documents.update(playerBranchPath(player.id, 'connection'), {
        connected: true,
        connected_at: { '.sv': 'timestamp' },
        id: 'session-1',
      });
      const heartbeat = await test.app.inject({
        method: 'POST',
        url: `/_internal/players/${player.id}/heartbeat`,
        headers: { authorization: player.auth.apiToken },
        remoteAddress: '203.0.113.7',
        payload: { uptime: 3725 },
      });
      expect(heartbeat.statusCode).toBe(200);
      const device = await test.app.inject({
        method: 'POST',
        url: '/logs/device',
        headers: { authorization: player.auth.apiToken },
        payload: {
          id: player.id,
          platform: 'chromeos',
          model: 'Chromebox',
          version: '1.0.0',
          updated_at: test.clock(),
          device: { ip: '192.168.1.20' },
        },
      });
      expect(device.statusCode).toBe(200);

      screens = (await api('GET', '/screens', undefined, own.token)).json().screens;
      expect(screens[0].status).toEqual({
        online: true,
        blocked: false,
        connectedAt: test.clock(),
        disconnectedAt: null,
        lastHeartbeatAt: test.clock(),
        heartbeatOverdue: false,
        platform: 'chromeos',
        model: 'Chromebox',
        version: '1.0.0',
        ip: '192.168.1.20',
        remoteIp: '203.0.113.7',
        uptime: '1hr 2m 5s',
        uptimeSeconds: 3725,
      });

      // Heartbeats stop: flagged once three intervals have passed, not before.
      test.clock.advance(3 * HEARTBEAT_INTERVAL_MS);
      expect(
        (await api('GET', `/screens/${screenId}`, undefined, own.token)).json().status.heartbeatOverdue,
      ).toBe(false);
      test.clock.advance(1);
      expect(
        (await api('GET', `/screens/${screenId}`, undefined, own.token)).json().status.heartbeatOverdue,
      ).toBe(true);
    });

    it('shows the settings the player uses, including its own sidebar changes', async () => {
      const { screenId, player } = await pairedScreen(test.app, operator);
      const changed = await test.app.inject({
        method: 'PATCH',
        url: `/_internal/players/${player.id}/settings`,
        headers: { authorization: player.auth.apiToken },
        payload: { orientation: 'reverse_landscape', name: 'Renamed on site' },
      });
      expect(changed.statusCode).toBe(200);
      const screen = (await api('GET', `/screens/${screenId}`)).json();
      expect(screen).toMatchObject({
        name: 'Renamed on site',
        settings: { orientation: 'reverse_landscape' },
      });
    });

    it('answers 404 for an unknown screen and 400 for a malformed id', async () => {
      const unknown = await api('GET', '/screens/0000000000000000000000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('SCREEN_NOT_FOUND');
      const malformed = await api('GET', '/screens/a%20b');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.field).toBe('id');
    });

    it('requires an operator', async () => {
      expect((await test.app.inject({ url: '/api/v1/screens' })).statusCode).toBe(401);
    });
  });

  describe('PATCH /screens/{id}', () => {
    it('changes name, orientation and settings in the row and in the player document', async () => {
      const { screenId, player } = await pairedScreen(test.app, operator);
      const response = await patch(screenId, {
        name: 'Window',
        orientation: 'portrait',
        settings: {
          mute: true,
          daily_restart: 'on',
          daily_restart_time: '04:00am',
          update_channel: 'canary',
        },
      });
      expect(response.statusCode).toBe(200);
      const settings = {
        orientation: 'portrait',
        mute: true,
        daily_restart: 'on',
        daily_restart_time: '04:00am',
        update_channel: 'canary',
      };
      // The screen's name is in app/data (apps read it with getContext()): a new version for this screen.
      expect(response.json()).toMatchObject({ name: 'Window', settings, content: { version: 2 } });
      expect(await playerDoc(test.app, player.id)).toMatchObject({
        settings: { name: 'Window', ...settings },
      });
      const row = await test.app.services.db
        .selectFrom('screens')
        .select(['name', 'settings'])
        .where('id', '=', screenId)
        .executeTakeFirstOrThrow();
      expect({ name: row.name, settings: JSON.parse(row.settings) }).toEqual({ name: 'Window', settings });
    });

    it('assigns content and raises the version on every change of what the screen shows, and only then', async () => {
      const { screenId, player } = await pairedScreen(test.app, operator);
      const versions: number[] = [];
      const expectVersion = async (payload: unknown, version: number) => {
        const response = await patch(screenId, payload);
        expect(response.statusCode).toBe(200);
        expect(response.json().content.version).toBe(version);
        // The player sees the same version and items as the studio.
        const data = await appData(player.id);
        expect(data.version).toBe(version);
        expect(data.items).toEqual(response.json().content.items);
        versions.push(version);
        return response.json();
      };

      // A single URL.
      const single = await expectVersion({ content: 'https://example.com/menu' }, 2);
      expect(single.content.items).toEqual([
        { type: 'url', src: 'https://example.com/menu', durationMs: DEFAULT_ITEM_DURATION_MS },
      ]);
      // The same content again: what the screen shows is unchanged.
      await expectVersion({ content: 'https://example.com/menu' }, 2);
      // Items.
      const image = await upload(SAMPLE_FILES.png, 'image/png');
      const playlist = await expectVersion(
        {
          content: [
            { src: 'https://example.com/a', durationMs: 5000 },
            { src: image.id, type: 'image', durationMs: 8000 },
          ],
        },
        3,
      );
      expect(playlist.content.items).toEqual([
        { type: 'url', src: 'https://example.com/a', durationMs: 5000 },
        { type: 'image', src: image.url, durationMs: 8000 },
      ]);
      // Durations.
      await expectVersion(
        {
          content: [
            { src: 'https://example.com/a', durationMs: 6000 },
            { src: image.id, durationMs: 8000 },
          ],
        },
        4,
      );
      // Order.
      await expectVersion(
        {
          content: [
            { src: image.id, durationMs: 8000 },
            { src: 'https://example.com/a', durationMs: 6000 },
          ],
        },
        5,
      );
      // Media replaced (PUT new bytes): the URL changes and so does the version.
      const body = multipartBody({ content: SAMPLE_FILES.jpeg, contentType: 'image/jpeg' });
      const replaced = await test.app.inject({
        method: 'PUT',
        url: `/api/v1/media/${image.id}`,
        headers: { ...bearer(operator.token), ...body.headers },
        payload: body.payload,
      });
      expect(replaced.statusCode).toBe(200);
      const afterReplace = (await api('GET', `/screens/${screenId}`)).json();
      expect(afterReplace.content.version).toBe(6);
      expect(afterReplace.content.items[0].src).toBe(replaced.json().url);
      expect(afterReplace.content.items[0].src).not.toBe(image.url);
      expect((await appData(player.id)).version).toBe(6);
      // Cleared.
      const cleared = await expectVersion({ content: [] }, 7);
      expect(cleared.content.items).toEqual([]);
      expect(versions).toEqual([2, 2, 3, 4, 5, 7]);
    });

    it('takes a media id as single content, as an image or a video by its bytes', async () => {
      const { screenId } = await pairedScreen(test.app, operator);
      const video = await upload(SAMPLE_FILES.mp4, 'video/mp4');
      const response = await patch(screenId, { content: video.id });
      expect(response.statusCode).toBe(200);
      expect(response.json().content).toMatchObject({
        items: [{ type: 'video', src: video.url, durationMs: DEFAULT_ITEM_DURATION_MS }],
        sources: [{ type: 'video', mediaId: video.id, durationMs: DEFAULT_ITEM_DURATION_MS }],
      });
    });

    it.each([
      [{}, 'body', 'NOTHING_TO_CHANGE'],
      [{ settings: {} }, 'body', 'NOTHING_TO_CHANGE'],
      [{ colour: 'red' }, 'body', 'VALIDATION_FAILED'],
      [{ name: 'n'.repeat(121) }, 'name', 'VALIDATION_FAILED'],
      [{ name: 5 }, 'name', 'VALIDATION_FAILED'],
      [{ orientation: 'sideways' }, 'orientation', 'VALIDATION_FAILED'],
      [{ orientation: 90 }, 'orientation', 'VALIDATION_FAILED'],
      [{ settings: { mute: 'yes' } }, 'settings.mute', 'VALIDATION_FAILED'],
      [{ settings: { daily_restart_time: '4am' } }, 'settings.daily_restart_time', 'VALIDATION_FAILED'],
      [{ settings: { update_channel: 'beta' } }, 'settings.update_channel', 'VALIDATION_FAILED'],
      [{ settings: { name: 'x' } }, 'settings', 'VALIDATION_FAILED'],
      [{ content: 42 }, 'content', 'VALIDATION_FAILED'],
      [{ content: '' }, 'content.0.src', 'VALIDATION_FAILED'],
      [{ content: 'ftp://example.com/file' }, 'content.0.src', 'INVALID_CONTENT'],
      [{ content: 'not a url' }, 'content.0.src', 'INVALID_CONTENT'],
      [
        { content: [{ src: 'https://example.com', durationMs: 0 }] },
        'content.0.durationMs',
        'VALIDATION_FAILED',
      ],
      [
        { content: [{ src: 'https://example.com', durationMs: 1.5 }] },
        'content.0.durationMs',
        'VALIDATION_FAILED',
      ],
      [{ content: [{ src: 'https://example.com', type: 'audio' }] }, 'content.0.type', 'VALIDATION_FAILED'],
      [{ content: [{ src: '0000000000000000000000000' }] }, 'content.0.src', 'INVALID_CONTENT'],
      [{ content: [{ src: 'https://a.example', extra: true }] }, 'content.0', 'VALIDATION_FAILED'],
      [
        { content: [{ src: `https://example.com/${'x'.repeat(2100)}` }] },
        'content.0.src',
        'VALIDATION_FAILED',
      ],
    ])('refuses %j naming %s, changing nothing', async (payload, field, code) => {
      const { screenId, player } = await pairedScreen(test.app, operator);
      const before = await playerDoc(test.app, player.id);
      const response = await patch(screenId, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code, field });
      expect(await playerDoc(test.app, player.id)).toEqual(before);
    });

    it("refuses a media type that contradicts the file, and another organisation's media", async () => {
      const { screenId } = await pairedScreen(test.app, operator);
      const image = await upload(SAMPLE_FILES.gif, 'image/gif');
      const wrongType = await patch(screenId, { content: [{ src: image.id, type: 'video' }] });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().error).toMatchObject({
        field: 'content.0.type',
        message: 'content.0.src is a image file, not an video',
      });

      const other = await signUpOperator(test.app, 'Other');
      const { screenId: otherScreen } = await pairedScreen(test.app, other);
      const foreign = await api('PATCH', `/screens/${otherScreen}`, { content: image.id }, other.token);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.field).toBe('content.0.src');
      expect(screenId).not.toBe(otherScreen);
    });

    it('refuses a playlist over the manifest limit', async () => {
      const { screenId } = await pairedScreen(test.app, operator);
      const items = Array.from({ length: 501 }, (_, i) => ({ src: `https://example.com/${i}` }));
      const response = await patch(screenId, { content: items });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe('content');
    });
  });

  describe('DELETE /screens/{id}', () => {
    it('unpairs: new pairing code, app removed, fresh credentials raised, screen gone', async () => {
      const { screenId, player } = await pairedScreen(test.app, operator);
      await patch(screenId, { content: 'https://example.com/' });
      const response = await api('DELETE', `/screens/${screenId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: screenId, playerId: player.id });

      const row = await test.app.services.db
        .selectFrom('players')
        .select(['pairing_code', 'screen_id', 'org_id'])
        .where('id', '=', player.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ screen_id: null, org_id: null });
      expect(row.pairing_code).toMatch(/^[A-Z2-9]{6}$/);
      expect(row.pairing_code).not.toBe(player.code);
      const doc = (await playerDoc(test.app, player.id)) as Record<string, unknown>;
      expect(doc).toMatchObject({
        pairing: { code: row.pairing_code },
        action_flags: { reset_credentials: true },
      });
      expect(doc).not.toHaveProperty('app');

      expect((await api('GET', `/screens/${screenId}`)).statusCode).toBe(404);
      expect((await api('DELETE', `/screens/${screenId}`)).statusCode).toBe(404);
      const listed = (await api('GET', '/screens')).json().screens.map((screen: { id: string }) => screen.id);
      expect(listed).not.toContain(screenId);
    });

    it('deletes a screen whose player was hard-reset', async () => {
      const { screenId, player } = await pairedScreen(test.app, operator);
      const reset = await test.app.inject({
        method: 'DELETE',
        url: `/_internal/players/${player.id}`,
        headers: { authorization: player.auth.apiToken },
      });
      expect(reset.statusCode).toBe(200);
      expect((await api('GET', `/screens/${screenId}`)).json().playerId).toBeNull();
      expect((await api('DELETE', `/screens/${screenId}`)).json()).toEqual({
        deleted: screenId,
        playerId: null,
      });
    });
  });
});
