// The security rules through the wire (docs/security.md §Players, §Operators): what a player, an operator and anyone
// else may read and write, by every operation, and that a refused request leaves the store untouched.

import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayerBranch } from '@marquee/protocol';
import { valueHash } from './valueHash';
import { signUpOperator } from '../../test/harness/management';
import {
  DEVICE_RECORD,
  WireClient,
  appPerTest,
  connectAs,
  newPlayer,
  operatorWithPlayer,
  type RealtimePlayer,
  type RealtimeTestApp,
} from '../../test/harness/realtime';
import { PLAYER_WRITABLE_BRANCHES } from './rules';

type WriteRequest =
  | { t: 'set'; path: string; value: unknown }
  | { t: 'update'; path: string; value: Record<string, unknown> }
  | { t: 'remove'; path: string }
  | { t: 'cas'; path: string; value: unknown; hash: string }
  | { t: 'od'; action: 'set' | 'update'; path: string; value: unknown };

const isUpdate = (request: WriteRequest) =>
  request.t === 'update' || (request.t === 'od' && request.action === 'update');

/** Every way to write `value` at `path`. */
function writesTo(
  path: string,
  value: Record<string, unknown> = { hacked: true },
  hash = valueHash(null),
): [string, WriteRequest][] {
  return [
    ['set', { t: 'set', path, value }],
    ['update', { t: 'update', path, value }],
    ['remove', { t: 'remove', path }],
    ['cas', { t: 'cas', path, value, hash }],
    ['od set', { t: 'od', action: 'set', path, value }],
    ['od update', { t: 'od', action: 'update', path, value }],
  ];
}

/** A value each branch a player writes accepts. */
const FITTING: Partial<Record<PlayerBranch, Record<string, unknown>>> = {
  connection: { connected: true, id: 'c1' },
  settings: { name: 'Hall' },
  device: DEVICE_RECORD,
};

describe('security rules through the wire', () => {
  let test: RealtimeTestApp;
  let self: RealtimePlayer;
  let other: RealtimePlayer;
  let client: WireClient;

  const fixture = appPerTest();
  beforeEach(async () => {
    ({ test, player: self } = fixture);
    other = await newPlayer(test);
    client = await connectAs(test, self.idToken);
    // Give every branch something, as a paired player has.
    for (const id of [self.id, other.id]) {
      await test.app.services.documents.update(`players/${id}`, {
        'action_flags/reboot': true,
        'app/url': 'https://example.com/content',
        logging: { logLevel: 3 },
        connection: { connected: false },
      });
    }
  });

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(
        [self, other].map((player) => test.app.services.documents.get(`players/${player.id}`)),
      ),
    );

  async function expectDenied(request: WriteRequest | { t: 'get' | 'listen'; path: string }, path: string) {
    const operation = request.t === 'get' || request.t === 'listen' ? 'read' : 'write';
    expect(await client.request(request)).toMatchObject({
      ok: false,
      code: 'permission_denied',
      message: `Permission denied: cannot ${operation} "${path}"`,
    });
  }

  describe("another player's subtree", () => {
    it.each(['', '/settings', '/connection', '/app/url', '/action_flags'])(
      'cannot be read at players/{other}%s',
      async (suffix) => {
        const path = `players/${other.id}${suffix}`;
        await expectDenied({ t: 'get', path }, path);
        await expectDenied({ t: 'listen', path }, path);
        expect(client.events).toHaveLength(0);
      },
    );

    it.each(['', '/settings', '/settings/name', '/connection', '/device', '/action_flags/reboot', '/app'])(
      'cannot be written at players/{other}%s by any operation',
      async (suffix) => {
        const before = await snapshot();
        const path = `players/${other.id}${suffix}`;
        for (const [, request] of writesTo(path)) {
          const denied = isUpdate(request) ? `${path}/hacked` : path;
          await expectDenied(request, denied);
        }
        await client.close();
        expect(await snapshot()).toBe(before);
      },
    );
  });

  describe('its own subtree', () => {
    it('can be read whole and in part', async () => {
      expect(await client.request({ t: 'get', path: `players/${self.id}` })).toMatchObject({ ok: true });
      expect(await client.request({ t: 'listen', path: `players/${self.id}/action_flags` })).toMatchObject({
        ok: true,
      });
    });

    it.each([
      '',
      '/action_flags',
      '/action_flags/reboot',
      '/pairing/code',
      '/app',
      '/app/url',
      '/logging',
      '/x',
    ])('cannot be written at players/{self}%s by any operation, on disconnect included', async (suffix) => {
      const before = await snapshot();
      const path = `players/${self.id}${suffix}`;
      for (const [, request] of writesTo(path)) {
        const denied = isUpdate(request) ? `${path}/hacked` : path;
        await expectDenied(request, denied);
      }
      await client.close(); // nothing was armed: nothing runs
      expect(await snapshot()).toBe(before);
    });

    it('refuses an update that reaches a forbidden branch from the document, whole', async () => {
      const before = await snapshot();
      const path = `players/${self.id}`;
      const value = { 'settings/name': 'ok', 'action_flags/reboot': null };
      await expectDenied({ t: 'update', path, value }, `${path}/action_flags/reboot`);
      await expectDenied({ t: 'od', action: 'update', path, value }, `${path}/action_flags/reboot`);
      await expectDenied({ t: 'update', path, value: {} }, path);
      expect(await snapshot()).toBe(before);
    });

    it.each(PLAYER_WRITABLE_BRANCHES)(
      'can be written at players/{self}/%s by every operation',
      async (branch) => {
        const path = `players/${self.id}/${branch}`;
        const value = FITTING[branch];
        expect(value).toBeDefined();
        for (const [name, request] of writesTo(path, value)) {
          if (name === 'cas') {
            const hash = valueHash((await test.app.services.documents.get(path)).value);
            expect(await client.request({ ...request, hash } as WriteRequest)).toMatchObject({ ok: true });
          } else {
            expect(await client.request(request)).toMatchObject({ ok: true });
          }
        }
        expect(
          await client.request({ t: 'update', path: `players/${self.id}`, value: { [`${branch}/a`]: 1 } }),
        ).toMatchObject({ ok: true });
      },
    );
  });

  describe('operators', () => {
    it("read their organisation's players and write nothing", async () => {
      const { operator, player } = await operatorWithPlayer(test);
      const studio = await connectAs(test, operator.token);
      const path = `players/${player.id}`;
      expect(await studio.request({ t: 'get', path })).toMatchObject({ ok: true });
      expect(await studio.request({ t: 'listen', path: `${path}/connection` })).toMatchObject({ ok: true });
      for (const suffix of [
        '',
        '/settings',
        '/settings/name',
        '/connection',
        '/action_flags/reboot',
        '/app',
      ]) {
        for (const [, request] of writesTo(`${path}${suffix}`)) {
          expect(await studio.request(request)).toMatchObject({ ok: false, code: 'permission_denied' });
        }
      }
    });

    it("cannot read another organisation's players, nor unpaired ones", async () => {
      const { player } = await operatorWithPlayer(test);
      const stranger = await signUpOperator(test.app, 'Other Org');
      const studio = await connectAs(test, stranger.token);
      for (const path of [`players/${player.id}`, `players/${player.id}/connection`, `players/${self.id}`]) {
        expect(await studio.request({ t: 'get', path })).toMatchObject({ code: 'permission_denied' });
        expect(await studio.request({ t: 'listen', path })).toMatchObject({ code: 'permission_denied' });
      }
    });

    it('without an organisation read nothing', async () => {
      const bundle = await test.app.services.identity.signUp('loner@example.com', 'correct horse 1');
      const studio = await connectAs(test, bundle.idToken);
      expect(await studio.request({ t: 'get', path: `players/${self.id}` })).toMatchObject({
        code: 'permission_denied',
      });
    });
  });

  it('denies everyone everything outside players/', async () => {
    const { operator } = await operatorWithPlayer(test);
    const studio = await connectAs(test, operator.token);
    for (const caller of [client, studio]) {
      for (const path of ['orgs/x', `users/${self.id}`, 'other/doc/deep']) {
        expect(await caller.request({ t: 'get', path })).toMatchObject({ code: 'permission_denied' });
        expect(await caller.request({ t: 'set', path, value: 1 })).toMatchObject({
          code: 'permission_denied',
        });
      }
    }
  });

  it('an anonymous socket reads and writes nothing', async () => {
    const anonymous = await WireClient.connect(test.url);
    expect(await anonymous.request({ t: 'get', path: `players/${self.id}` })).toMatchObject({
      code: 'unauthenticated',
    });
    expect(await anonymous.request({ t: 'auth', token: 'forged.token.here' })).toMatchObject({
      code: 'unauthenticated',
    });
  });
});
