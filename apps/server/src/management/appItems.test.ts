// docs/apps.md: an operator's own HTML app as a content or playlist item. Its src is an http(s) URL and its config
// a JSON object, which the player gets as JSON text in app/data; bad input is a 400 naming the item's field and
// stores nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppDataSchema, restoreArrays, type RealtimeValue } from '@marquee/protocol';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { pairedScreen, playerDoc, signUpOperator, type PairedScreen } from '../../test/harness/management';

const APP = 'https://apps.example.com/menu/';
const CONFIG = { greeting: 'Hello', doneAfterMs: 1500, nested: { list: [1, 'two', null] } };

describe('app items', () => {
  let test: TestApp;
  let api: Api;
  let screen: PairedScreen;

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null });
    const operator = await signUpOperator(test.app, 'Apps');
    api = operatorApi(test.app, operator);
    screen = await pairedScreen(test.app, operator, 'Lobby');
  });
  afterAll(async () => {
    await test.close();
  });

  const appData = async () => {
    const doc = (await playerDoc(test.app, screen.player.id)) as { app?: { data?: RealtimeValue } };
    return AppDataSchema.parse(restoreArrays(doc.app?.data ?? null));
  };

  it("reaches the player with its configuration as JSON text, and reads back as the operator's object", async () => {
    const view = await ok(
      api('PATCH', `/screens/${screen.screenId}`, {
        content: [
          { type: 'app', src: APP, durationMs: 60_000, config: CONFIG },
          { type: 'app', src: APP },
          { src: 'https://example.com/image.png', type: 'image' },
        ],
      }),
    );
    expect(view.content.sources[0]).toEqual({ type: 'app', src: APP, durationMs: 60_000, config: CONFIG });
    expect(view.content.sources[1]).not.toHaveProperty('config');
    const data = await appData();
    expect(data.items[0]).toEqual({
      type: 'app',
      src: APP,
      durationMs: 60_000,
      config: JSON.stringify(CONFIG),
    });
    expect(JSON.parse(data.items[0]?.config ?? 'null')).toEqual(CONFIG);
    expect(data.items[1]).not.toHaveProperty('config');
  });

  it('is a playlist item like any other', async () => {
    const playlist = await ok(
      api('POST', '/playlists', { name: 'Apps', items: [{ type: 'app', src: APP, config: { a: 1 } }] }),
    );
    expect(playlist.items).toEqual([{ type: 'app', src: APP, durationMs: 10_000, config: { a: 1 } }]);
    const changed = await ok(
      api('PATCH', `/playlists/${playlist.id}`, { items: [{ type: 'app', src: APP, config: { a: 2 } }] }),
    );
    expect(changed.items[0].config).toEqual({ a: 2 });
  });

  const state = async () => ({
    playlists: (await ok(api('GET', '/playlists'))).playlists,
    screen: await ok(api('GET', `/screens/${screen.screenId}`)),
    appData: await appData(),
  });
  type Call = () => readonly ['PATCH' | 'POST', string, object];
  // Calls are made lazily: the screen is paired in beforeAll.
  const content =
    (...items: object[]): Call =>
    () => ['PATCH', `/screens/${screen.screenId}`, { content: items }];
  const playlist =
    (...items: object[]): Call =>
    () => ['POST', '/playlists', { name: 'Bad', items }];
  const fine = { src: 'https://example.com/page' };

  const cases: [string, Call, string][] = [
    ['an ftp: app', content({ type: 'app', src: 'ftp://apps.example.com/x' }), 'content.0.src'],
    ['a javascript: app', content(fine, { type: 'app', src: 'javascript:alert(1)' }), 'content.1.src'],
    ['an app given as a media id', content({ type: 'app', src: 'a'.repeat(25) }), 'content.0.src'],
    ['a config that is a list', content({ type: 'app', src: APP, config: [1, 2] }), 'content.0.config'],
    ['a config that is JSON text', content({ type: 'app', src: APP, config: '{"a":1}' }), 'content.0.config'],
    [
      'a config over 16 KiB as JSON',
      content({ type: 'app', src: APP, config: { text: 'x'.repeat(17 * 1024) } }),
      'content.0.config',
    ],
    [
      'a config on an image item',
      playlist(fine, fine, { type: 'image', src: 'https://example.com/a.png', config: {} }),
      'items.2.config',
    ],
    ['a config on an item without a type', playlist({ ...fine, config: { a: 1 } }), 'items.0.config'],
    ['a playlist app with a data: URL', playlist({ type: 'app', src: 'data:text/html,<p>x' }), 'items.0.src'],
  ];

  it.each(cases)('%s: 400 naming the field, nothing stored', async (_name, call, field) => {
    const before = await state();
    const [method, url, payload] = call();
    const answer = await api(method, url, payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error.field).toBe(field);
    expect(await state()).toEqual(before);
  });
});
