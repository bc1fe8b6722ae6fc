// docs/teams.md §Audit log: every change made through /api/v1 by the existing routes appends one entry, naming who
// (the member, their email), what (action and target), before and after where the change is of settings or content,
// and from which address; a refused change and a read append nothing; secrets and tokens never reach the log. On
// both engines, through the real routes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@marquee/management-api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import {
  SAMPLE_FILES,
  bearer,
  multipartBody,
  registerPlayer,
  signUpOperator,
  type TestOperator,
} from '../../test/harness/management';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The address every call of this test comes from. */
const CLIENT_IP = '203.0.113.7';

type Body = Record<string, unknown>;

interface Step {
  /** What the step does, as the test's title says it. */
  title: string;
  call: () => Promise<Body>;
  /** The entry the step must append. */
  expected: (answer: Body) => {
    action: string;
    target: { type: string; id: string | null };
    before?: unknown;
    after?: unknown;
  };
}

describe.each(['sqlite', 'postgres'] as const)('audit log: what the API records (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let operator: TestOperator;

  const call = async (method: string, url: string, payload?: unknown, status?: number) => {
    const response = await test.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: bearer(operator.token),
      remoteAddress: CLIENT_IP,
      ...(payload === undefined ? {} : { payload: payload as Body }),
    });
    if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
    else if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json<Body>();
  };
  const upload = async (method: 'POST' | 'PUT', url: string, content: Buffer, contentType: string) => {
    const body = multipartBody({ content, filename: 'menu.png', contentType });
    const response = await test.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(operator.token), ...body.headers },
      remoteAddress: CLIENT_IP,
      payload: body.payload,
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json<Body>();
  };
  const entries = async () => (await call('GET', '/audit?limit=200')).entries as AuditEntry[];
  const count = async () =>
    Number(
      (
        await test.app.services.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Ids made by earlier steps, for the later ones. */
  const made: Record<string, string> = {};
  let playerId = '';

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null, webhookTimers: null });
    operator = await signUpOperator(test.app, 'Audited Org');
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const steps: Step[] = [
    {
      title: 'pairing a screen',
      call: async () => {
        const player = await registerPlayer(test.app);
        playerId = player.id;
        const screen = await call('POST', '/screens/pair', { code: player.code, name: 'Lobby' });
        made.screen = screen.id as string;
        return screen;
      },
      expected: (screen) => ({
        action: 'screen.pair',
        target: { type: 'screen', id: screen.id as string },
        after: { name: 'Lobby', playerId },
      }),
    },
    {
      title: "changing a screen's name, settings and tags",
      call: () =>
        call('PATCH', `/screens/${made.screen}`, {
          name: 'Lobby north',
          tags: ['north'],
          orientation: 'portrait',
        }),
      expected: () => ({
        action: 'screen.update',
        target: { type: 'screen', id: made.screen! },
        before: expect.objectContaining({ name: 'Lobby', tags: [] }),
        after: expect.objectContaining({
          name: 'Lobby north',
          tags: ['north'],
          settings: expect.objectContaining({ orientation: 'portrait' }),
        }),
      }),
    },
    {
      title: 'tagging screens in bulk',
      call: () =>
        call('POST', '/screens/tags', { screenIds: [made.screen], add: ['lobby'], remove: ['north'] }),
      expected: () => ({
        action: 'screen.tag',
        target: { type: 'screen', id: null },
        after: { screenIds: [made.screen], add: ['lobby'], remove: ['north'] },
      }),
    },
    {
      title: 'raising a command',
      call: () => call('POST', `/screens/${made.screen}/commands`, { command: 'reboot' }),
      expected: (command) => ({
        action: 'command.raise',
        target: { type: 'screen', id: made.screen! },
        after: { command: 'reboot', param: null, commandId: command.id },
      }),
    },
    {
      title: 'raising a command on many screens',
      call: () => call('POST', '/screens/commands', { command: 'clear_cache' }),
      expected: () => ({
        action: 'command.bulk',
        target: { type: 'screen', id: null },
        after: { command: 'clear_cache', param: null, screenIds: [made.screen], skipped: [] },
      }),
    },
    {
      title: 'blocking a device',
      call: () => call('POST', `/players/${playerId}/block`),
      expected: () => ({
        action: 'device.block',
        target: { type: 'device', id: playerId },
        before: { blocked: false },
        after: { blocked: true },
      }),
    },
    {
      title: 'unblocking a device',
      call: () => call('POST', `/players/${playerId}/unblock`),
      expected: () => ({
        action: 'device.unblock',
        target: { type: 'device', id: playerId },
        before: { blocked: true },
        after: { blocked: false },
      }),
    },
    {
      title: "setting a device's meeting-room token (whether one is set, never the token)",
      call: () => call('PUT', `/players/${playerId}/app_token`, { token: 'room-token-secret' }),
      expected: () => ({
        action: 'device.appToken',
        target: { type: 'device', id: playerId },
        after: { tokenSet: true },
      }),
    },
    {
      title: "overriding a device's meeting-room player",
      call: () =>
        call('PUT', `/players/${playerId}/overridden_player`, {
          value: { websocket: 'ws://127.0.0.1:9000/a|wss://example.test/a' },
        }),
      expected: () => ({
        action: 'device.overriddenPlayer',
        target: { type: 'device', id: playerId },
        before: null,
        after: { websocket: 'ws://127.0.0.1:9000/a|wss://example.test/a' },
      }),
    },
    {
      title: 'uploading a media file',
      call: async () => {
        const media = await upload('POST', '/media', SAMPLE_FILES.png, 'image/png');
        made.media = media.id as string;
        return media;
      },
      expected: (media) => ({
        action: 'media.upload',
        target: { type: 'media', id: media.id as string },
        after: {
          filename: 'menu.png',
          contentType: 'image/png',
          size: SAMPLE_FILES.png.length,
          sha256: media.sha256,
        },
      }),
    },
    {
      title: "replacing a media file's bytes",
      call: () => upload('PUT', `/media/${made.media}`, SAMPLE_FILES.gif, 'image/gif'),
      expected: (media) => ({
        action: 'media.replace',
        target: { type: 'media', id: made.media! },
        before: expect.objectContaining({ contentType: 'image/png' }),
        after: expect.objectContaining({ contentType: 'image/gif', sha256: media.sha256 }),
      }),
    },
    {
      title: 'deleting a media file',
      call: () => call('DELETE', `/media/${made.media}`),
      expected: () => ({
        action: 'media.delete',
        target: { type: 'media', id: made.media! },
        before: expect.objectContaining({ contentType: 'image/gif' }),
      }),
    },
    {
      title: 'creating a playlist',
      call: async () => {
        const playlist = await call('POST', '/playlists', {
          name: 'Menu',
          items: [{ src: 'https://example.com/menu', durationMs: 10_000 }],
        });
        made.playlist = playlist.id as string;
        return playlist;
      },
      expected: (playlist) => ({
        action: 'playlist.create',
        target: { type: 'playlist', id: playlist.id as string },
        after: { name: 'Menu', items: [expect.objectContaining({ src: 'https://example.com/menu' })] },
      }),
    },
    {
      title: 'changing a playlist',
      call: () => call('PATCH', `/playlists/${made.playlist}`, { name: 'Lunch menu' }),
      expected: () => ({
        action: 'playlist.update',
        target: { type: 'playlist', id: made.playlist! },
        before: expect.objectContaining({ name: 'Menu' }),
        after: expect.objectContaining({ name: 'Lunch menu' }),
      }),
    },
    {
      title: 'creating a group',
      call: async () => {
        const group = await call('POST', '/groups', { name: 'Lobbies', screenIds: [made.screen] });
        made.group = group.id as string;
        return group;
      },
      expected: (group) => ({
        action: 'group.create',
        target: { type: 'group', id: group.id as string },
        after: { name: 'Lobbies', screenIds: [made.screen], matchTags: [] },
      }),
    },
    {
      title: 'changing a group',
      call: () => call('PATCH', `/groups/${made.group}`, { matchTags: ['lobby'], screenIds: [] }),
      expected: () => ({
        action: 'group.update',
        target: { type: 'group', id: made.group! },
        before: { name: 'Lobbies', screenIds: [made.screen], matchTags: [] },
        after: { name: 'Lobbies', screenIds: [], matchTags: ['lobby'] },
      }),
    },
    {
      title: 'renaming a group (its listed screens are left out when they do not change)',
      call: () => call('PATCH', `/groups/${made.group}`, { name: 'Lobby screens' }),
      expected: () => ({
        action: 'group.update',
        target: { type: 'group', id: made.group! },
        before: { name: 'Lobbies', matchTags: ['lobby'] },
        after: { name: 'Lobby screens', matchTags: ['lobby'] },
      }),
    },
    {
      title: 'creating a schedule',
      call: async () => {
        const schedule = await call('POST', '/schedules', {
          name: 'Lunch',
          playlistId: made.playlist,
          targets: { groupIds: [made.group] },
          priority: 10,
          startsOn: '2025-01-01',
        });
        made.schedule = schedule.id as string;
        return schedule;
      },
      expected: (schedule) => ({
        action: 'schedule.create',
        target: { type: 'schedule', id: schedule.id as string },
        after: expect.objectContaining({ name: 'Lunch', playlistId: made.playlist, priority: 10 }),
      }),
    },
    {
      title: 'changing a schedule',
      call: () => call('PATCH', `/schedules/${made.schedule}`, { priority: 20 }),
      expected: () => ({
        action: 'schedule.update',
        target: { type: 'schedule', id: made.schedule! },
        before: expect.objectContaining({ priority: 10 }),
        after: expect.objectContaining({ priority: 20 }),
      }),
    },
    {
      title: 'deleting a schedule',
      call: () => call('DELETE', `/schedules/${made.schedule}`),
      expected: () => ({
        action: 'schedule.delete',
        target: { type: 'schedule', id: made.schedule! },
        before: expect.objectContaining({ name: 'Lunch', priority: 20 }),
      }),
    },
    {
      title: 'creating an override',
      call: async () => {
        const override = await call('POST', '/overrides', {
          name: 'Fire',
          message: 'Leave the building',
          targets: { all: true },
          expiresAt: test.clock() + DAY_MS,
        });
        made.override = override.id as string;
        return override;
      },
      expected: (override) => ({
        action: 'override.create',
        target: { type: 'override', id: override.id as string },
        after: expect.objectContaining({ name: 'Fire', message: 'Leave the building' }),
      }),
    },
    {
      title: 'clearing an override',
      call: () => call('DELETE', `/overrides/${made.override}`),
      expected: () => ({
        action: 'override.delete',
        target: { type: 'override', id: made.override! },
        before: expect.objectContaining({ name: 'Fire' }),
      }),
    },
    {
      title: 'deleting a group',
      call: () => call('DELETE', `/groups/${made.group}`),
      expected: () => ({
        action: 'group.delete',
        target: { type: 'group', id: made.group! },
        before: { name: 'Lobby screens', screenIds: [], matchTags: ['lobby'] },
      }),
    },
    {
      title: 'deleting a playlist',
      call: () => call('DELETE', `/playlists/${made.playlist}`),
      expected: () => ({
        action: 'playlist.delete',
        target: { type: 'playlist', id: made.playlist! },
        before: expect.objectContaining({ name: 'Lunch menu' }),
      }),
    },
    {
      title: 'creating a webhook (never its secret)',
      call: async () => {
        const webhook = await call('POST', '/webhooks', {
          url: 'https://hooks.example.com/marquee',
          events: ['screen.offline'],
        });
        made.webhook = webhook.id as string;
        return webhook;
      },
      expected: (webhook) => ({
        action: 'webhook.create',
        target: { type: 'webhook', id: webhook.id as string },
        after: expect.objectContaining({
          url: 'https://hooks.example.com/marquee',
          events: ['screen.offline'],
        }),
      }),
    },
    {
      title: 'creating an alert rule',
      call: async () => {
        const rule = await call('POST', '/alert-rules', {
          name: 'Lobby down',
          targets: { all: true },
          offlineAfterSeconds: 300,
          notifyRecovery: true,
          webhookIds: [made.webhook],
        });
        made.alertRule = rule.id as string;
        return rule;
      },
      expected: (rule) => ({
        action: 'alertRule.create',
        target: { type: 'alertRule', id: rule.id as string },
        after: expect.objectContaining({ name: 'Lobby down', offlineAfterSeconds: 300 }),
      }),
    },
    {
      title: 'changing an alert rule',
      call: () => call('PATCH', `/alert-rules/${made.alertRule}`, { offlineAfterSeconds: 600 }),
      expected: () => ({
        action: 'alertRule.update',
        target: { type: 'alertRule', id: made.alertRule! },
        before: expect.objectContaining({ offlineAfterSeconds: 300 }),
        after: expect.objectContaining({ offlineAfterSeconds: 600 }),
      }),
    },
    {
      title: 'deleting an alert rule',
      call: () => call('DELETE', `/alert-rules/${made.alertRule}`),
      expected: () => ({
        action: 'alertRule.delete',
        target: { type: 'alertRule', id: made.alertRule! },
        before: expect.objectContaining({ name: 'Lobby down' }),
      }),
    },
    {
      title: 'deleting a webhook',
      call: () => call('DELETE', `/webhooks/${made.webhook}`),
      expected: () => ({
        action: 'webhook.delete',
        target: { type: 'webhook', id: made.webhook! },
        before: expect.objectContaining({ url: 'https://hooks.example.com/marquee' }),
      }),
    },
    {
      title: 'unpairing a screen',
      call: () => call('DELETE', `/screens/${made.screen}`),
      expected: () => ({
        action: 'screen.unpair',
        target: { type: 'screen', id: made.screen! },
        before: expect.objectContaining({ name: 'Lobby north', playerId }),
      }),
    },
  ];

  // In order: each step builds on the ones before it (a schedule needs a playlist and a group).
  it.each(steps.map((step, index) => [step.title, index] as const))(
    '%s appends one entry',
    async (_, index) => {
      const step = steps[index]!;
      const before = await count();
      test.clock.advance(1000);
      const answer = await step.call();
      expect(await count()).toBe(before + 1);
      const [newest] = await entries();
      const expected = step.expected(answer);
      expect(newest).toMatchObject({
        at: test.clock(),
        actor: { kind: 'member', id: operator.userId, name: operator.email },
        action: expected.action,
        target: expected.target,
        ip: CLIENT_IP,
      });
      if ('before' in expected) expect(newest!.before).toEqual(expected.before);
      else expect(newest!.before).toBeNull();
      if ('after' in expected) expect(newest!.after).toEqual(expected.after);
      else expect(newest!.after).toBeNull();
    },
  );

  it('keeps secrets and tokens out of every entry', async () => {
    const stored = JSON.stringify(await test.app.services.db.selectFrom('audit_log').selectAll().execute());
    expect(stored).not.toContain('room-token-secret');
    const secrets = await test.app.services.db.selectFrom('webhooks').select('secret').execute();
    for (const { secret } of secrets) expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/"secret"/);
  });

  it('a refused change appends nothing, and neither does a read', async () => {
    const player = await registerPlayer(test.app);
    const screen = await call('POST', '/screens/pair', { code: player.code });
    const before = await count();
    await call('PATCH', `/screens/${screen.id as string}`, {}, 400);
    await call('PATCH', `/screens/${screen.id as string}`, { timezone: 'Mars/Olympus_Mons' }, 400);
    await call('POST', '/playlists', { name: 'Bad', items: [{ src: 'ftp://nope', durationMs: 1 }] }, 400);
    await call('DELETE', `/playlists/${made.playlist}`, undefined, 404);
    await call('POST', `/screens/${screen.id as string}/commands`, { command: 'dance' }, 400);
    // The whole request refused: one of its screens is gone (unpaired above).
    await call('POST', '/screens/commands', { command: 'reboot', screenIds: [screen.id, made.screen] }, 404);
    await call(
      'POST',
      '/overrides',
      { name: 'Late', message: 'x', targets: { all: true }, expiresAt: 1 },
      400,
    );
    await call('GET', '/screens');
    await call('GET', `/screens/${screen.id as string}`);
    await call('GET', '/playlists');
    await call('GET', '/audit');
    expect(await count()).toBe(before);
  });
});
