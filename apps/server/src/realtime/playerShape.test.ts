// The shape of a player's writes through the hub (playerShape.ts): each kind of write is judged by the document it
// would leave, branch by branch; a write that does not fit is refused with invalid_value naming the field, and
// changes nothing.

import { beforeEach, describe, expect, it } from 'vitest';
import { SCREEN_NAME_TOO_LONG_ERROR, SERVER_TIMESTAMP } from '@marquee/protocol';
import { armedRows } from '../../test/harness/presence';
import { DEVICE_RECORD, appPerTest, connectAs, type WireClient } from '../../test/harness/realtime';
import { valueHash } from './valueHash';

const fixture = appPerTest();
let client: WireClient;
beforeEach(async () => {
  client = await connectAs(fixture.test, fixture.player.idToken);
});

const path = (relative: string) => `${fixture.base}/${relative}`;
const stored = async () => fixture.test.app.services.documents.get(fixture.base);
const refused = (relative: string, problem: string) => ({
  ok: false,
  code: 'invalid_value',
  message: `Invalid value at path "${path(relative)}": ${problem}`,
});

describe('set', () => {
  it('takes a value that leaves its branch fitting, a part of a record included', async () => {
    await client.ok({ t: 'set', path: path('connection'), value: { connected: true, id: 'c1' } });
    await client.ok({ t: 'set', path: path('connection/connected_at'), value: SERVER_TIMESTAMP });
    await client.ok({ t: 'set', path: path('device'), value: DEVICE_RECORD });
    await client.ok({ t: 'set', path: path('settings/orientation'), value: 'landscape' });
    expect((await stored()).value).toMatchObject({
      connection: { connected: true, id: 'c1', connected_at: fixture.test.clock() },
      settings: { name: 'Lobby', orientation: 'landscape' },
    });
  });

  it('refuses a value of the wrong type, out of its range, or a record left without a required field', async () => {
    await client.ok({ t: 'set', path: path('connection'), value: { connected: true } });
    const before = await stored();
    const cases: [string, unknown, string, string][] = [
      ['connection/connected', 'yes', 'connection/connected', 'must be a boolean'],
      ['connection', { id: 'c2' }, 'connection/connected', 'is missing'],
      [
        'settings/orientation',
        'diagonal',
        'settings/orientation',
        'must be one of landscape, portrait, reverse_landscape, reverse_portrait',
      ],
      ['settings/name', 'x'.repeat(121), 'settings/name', SCREEN_NAME_TOO_LONG_ERROR],
      ['device', { id: 'd1' }, 'device/platform', 'is missing'],
    ];
    for (const [at, value, field, problem] of cases) {
      expect(await client.request({ t: 'set', path: path(at), value })).toMatchObject(
        refused(field, problem),
      );
    }
    expect(await stored()).toEqual(before);
  });
});

describe('update', () => {
  it('takes a multi-path update that leaves every branch it touches fitting', async () => {
    await client.ok({ t: 'set', path: path('connection'), value: { connected: false } });
    await client.ok({
      t: 'update',
      path: fixture.base,
      value: { 'connection/connected': true, 'connection/id': 'c1', 'settings/mute': true },
    });
    await client.ok({ t: 'update', path: path('device'), value: DEVICE_RECORD });
    await client.ok({ t: 'update', path: path('device/device'), value: { hostname: 'lobby-tv' } });
    expect((await stored()).value).toMatchObject({
      connection: { connected: true, id: 'c1' },
      settings: { mute: true },
      device: { device: { hostname: 'lobby-tv' } },
    });
  });

  it('refuses the whole update when one branch it touches would not fit, and changes nothing', async () => {
    await client.ok({ t: 'set', path: path('connection'), value: { connected: false } });
    const before = await stored();
    expect(
      await client.request({
        t: 'update',
        path: fixture.base,
        value: { 'settings/name': 'Hall', 'connection/connected': 1 },
      }),
    ).toMatchObject(refused('connection/connected', 'must be a boolean'));
    expect(
      await client.request({ t: 'update', path: path('device'), value: { id: 'd1', updated_at: 'today' } }),
    ).toMatchObject(refused('device/platform', 'is missing'));
    expect(await stored()).toEqual(before);
  });

  it('judges a conditional set the same way', async () => {
    const current = (await client.ok<{ hash: string }>({ t: 'get', path: path('settings/mute') })).hash;
    expect(
      await client.request({ t: 'cas', path: path('settings/mute'), value: 'loud', hash: current }),
    ).toMatchObject(refused('settings/mute', 'must be a boolean'));
    expect(
      await client.ok({ t: 'cas', path: path('settings/mute'), value: true, hash: valueHash(null) }),
    ).toEqual({
      rev: 2,
    });
  });
});

describe('onDisconnect', () => {
  it('refuses to arm an action whose result would not fit, and arms one that fits', async () => {
    await client.ok({ t: 'set', path: path('connection'), value: { connected: true } });
    expect(
      await client.request({ t: 'od', action: 'set', path: path('connection/connected'), value: 'no' }),
    ).toMatchObject(refused('connection/connected', 'must be a boolean'));
    expect(
      await client.request({ t: 'od', action: 'update', path: path('settings'), value: { mute: 'on' } }),
    ).toMatchObject(refused('settings/mute', 'must be a boolean'));
    expect(await armedRows(fixture.test)).toEqual([]);

    await client.ok({
      t: 'od',
      action: 'update',
      path: path('connection'),
      value: { connected: false, disconnected_at: SERVER_TIMESTAMP },
    });
    expect(await armedRows(fixture.test)).toHaveLength(1);
    await client.close();
    await expect.poll(() => armedRows(fixture.test)).toEqual([]);
    expect((await stored()).value).toMatchObject({ connection: { connected: false } });
  });

  it('skips an action that no longer fits when it runs, changing nothing', async () => {
    await client.ok({ t: 'set', path: path('connection'), value: { connected: true } });
    await client.ok({ t: 'od', action: 'set', path: path('connection/id'), value: 'gone' }); // fits now
    await client.ok({ t: 'remove', path: path('connection') }); // and no longer
    const before = await stored();
    await client.close();
    await expect.poll(() => armedRows(fixture.test)).toEqual([]);
    expect(await stored()).toEqual(before);
  });
});
