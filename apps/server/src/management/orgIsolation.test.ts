// docs/security.md §Operators: an operator sees and changes only the screens of their own organisation. Operator A
// tries every management route on organisation B's screen, player and media; every attempt answers 404 (B's things
// do not exist for A) and nothing of B changes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  SAMPLE_FILES,
  bearer,
  multipartBody,
  pairedScreen,
  playerDoc,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';

describe('organisation isolation', () => {
  let test: TestApp;
  let a: TestOperator;
  let b: TestOperator;
  let bScreen: PairedScreen;
  let bMediaId: string;

  const snapshotOfB = async () => {
    const { db } = test.app.services;
    return {
      screens: await db.selectFrom('screens').selectAll().where('org_id', '=', b.orgId).execute(),
      players: await db.selectFrom('players').selectAll().where('org_id', '=', b.orgId).execute(),
      commands: await db.selectFrom('commands').selectAll().where('org_id', '=', b.orgId).execute(),
      media: await db.selectFrom('media').selectAll().where('org_id', '=', b.orgId).execute(),
      doc: await playerDoc(test.app, bScreen.player.id),
    };
  };

  beforeAll(async () => {
    test = await startTestApp();
    a = await signUpOperator(test.app, 'Org A');
    b = await signUpOperator(test.app, 'Org B');
    await pairedScreen(test.app, a, 'A screen');
    bScreen = await pairedScreen(test.app, b, 'B screen');
    const body = multipartBody({ content: SAMPLE_FILES.png });
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...bearer(b.token), ...body.headers },
      payload: body.payload,
    });
    bMediaId = uploaded.json().id;
    await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/screens/${bScreen.screenId}`,
      headers: bearer(b.token),
      payload: { content: bMediaId },
    });
    await test.app.inject({
      method: 'POST',
      url: `/api/v1/screens/${bScreen.screenId}/commands`,
      headers: bearer(b.token),
      payload: { command: 'reboot' },
    });
    const player = { authorization: bScreen.player.auth.apiToken };
    await test.app.inject({
      method: 'POST',
      url: '/logs/lines',
      headers: player,
      payload: { lines: [{ level: 'info', message: 'b' }] },
    });
    await test.app.inject({ method: 'POST', url: '/errors', headers: player, payload: { message: 'b' } });
    await test.app.inject({
      method: 'POST',
      url: `/logs/${bScreen.player.id}/screenshot`,
      headers: { ...player, 'content-type': 'image/png' },
      payload: SAMPLE_FILES.png,
    });
  });
  afterAll(async () => {
    await test.close();
  });

  it("does not list B's screens or media to A", async () => {
    const screens = (await test.app.inject({ url: '/api/v1/screens', headers: bearer(a.token) })).json()
      .screens;
    expect(screens.map((screen: { name: string }) => screen.name)).toEqual(['A screen']);
    const media = (await test.app.inject({ url: '/api/v1/media', headers: bearer(a.token) })).json().media;
    expect(media).toEqual([]);
  });

  const screenUrl = () => `/api/v1/screens/${bScreen.screenId}`;
  const attempts: [
    string,
    () => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'; url: string; payload?: object },
  ][] = [
    ['read the screen', () => ({ method: 'GET', url: screenUrl() })],
    ['rename the screen', () => ({ method: 'PATCH', url: screenUrl(), payload: { name: 'taken' } })],
    [
      'change its content',
      () => ({ method: 'PATCH', url: screenUrl(), payload: { content: 'https://evil.example' } }),
    ],
    ['unpair the screen', () => ({ method: 'DELETE', url: screenUrl() })],
    [
      'raise a command',
      () => ({ method: 'POST', url: `${screenUrl()}/commands`, payload: { command: 'force_hard_reset' } }),
    ],
    ['list its commands', () => ({ method: 'GET', url: `${screenUrl()}/commands` })],
    ['read its screenshot', () => ({ method: 'GET', url: `${screenUrl()}/screenshot` })],
    ['read its device record', () => ({ method: 'GET', url: `${screenUrl()}/device` })],
    ['read its logs', () => ({ method: 'GET', url: `${screenUrl()}/logs` })],
    ['read its errors', () => ({ method: 'GET', url: `${screenUrl()}/errors` })],
    ['block its player', () => ({ method: 'POST', url: `/api/v1/players/${bScreen.player.id}/block` })],
    ['unblock its player', () => ({ method: 'POST', url: `/api/v1/players/${bScreen.player.id}/unblock` })],
    ['delete its media', () => ({ method: 'DELETE', url: `/api/v1/media/${bMediaId}` })],
  ];

  it.each(attempts)('refuses A to %s (404) and leaves B unchanged', async (_what, request) => {
    const before = await snapshotOfB();
    const response = await test.app.inject({ ...request(), headers: bearer(a.token) });
    expect(response.statusCode).toBe(404);
    expect(await snapshotOfB()).toEqual(before);
  });

  it("refuses A to replace B's media", async () => {
    const before = await snapshotOfB();
    const body = multipartBody({ content: SAMPLE_FILES.jpeg });
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${bMediaId}`,
      headers: { ...bearer(a.token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(404);
    expect(await snapshotOfB()).toEqual(before);
  });

  it("refuses A to show B's media on A's screen", async () => {
    const aScreen = (await test.app.inject({ url: '/api/v1/screens', headers: bearer(a.token) })).json()
      .screens[0];
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/screens/${aScreen.id}`,
      headers: bearer(a.token),
      payload: { content: bMediaId },
    });
    expect(response.statusCode).toBe(400);
  });

  it("cannot pair B's player into A (its code is gone once paired)", async () => {
    const before = await snapshotOfB();
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/screens/pair',
      headers: bearer(a.token),
      payload: { code: bScreen.player.code },
    });
    expect(response.statusCode).toBe(404);
    expect(await snapshotOfB()).toEqual(before);
  });

  it('lets B do all of it (the attempts were refused for A, not broken)', async () => {
    for (const [, request] of attempts.filter(
      ([what]) => what.startsWith('read') || what.startsWith('list'),
    )) {
      const response = await test.app.inject({ ...request(), headers: bearer(b.token) });
      expect(response.statusCode).toBe(200);
    }
  });
});
