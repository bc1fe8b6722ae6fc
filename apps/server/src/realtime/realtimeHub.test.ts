// The realtime hub through the wire: every request type and its answers, over real sockets to a real app on
// 127.0.0.1 (the value rules are in valueRules.test.ts, the error codes in errorCodes.test.ts).

import { beforeEach, describe, expect, it } from 'vitest';
import {
  REALTIME_MAX_LISTENS,
  SERVER_TIMESTAMP,
  type AuthAnswer,
  type ValueAnswer,
  type WriteAnswer,
} from '@marquee/protocol';
import { ID_TOKEN_TTL_SECONDS } from '../identity/identityService';
import {
  WireClient,
  appPerTest,
  connectAs,
  newPlayer,
  type RealtimePlayer,
  type RealtimeTestApp,
} from '../../test/harness/realtime';
import { valueHash } from './valueHash';

const FORBIDDEN_KEY = 'keys cannot contain ".", "#", "$", "/", "[" or "]"';

describe('realtime hub', () => {
  let test: RealtimeTestApp;
  let player: RealtimePlayer;
  let client: WireClient;
  let base: string;

  const fixture = appPerTest();
  beforeEach(async () => {
    ({ test, player, base } = fixture);
    client = await connectAs(test, player.idToken);
  });

  async function refreshedToken(): Promise<string> {
    const response = await test.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(player.refreshToken)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ id_token: string }>().id_token;
  }

  describe('auth', () => {
    it('answers the uid and the expiry of the ID token in epoch milliseconds', async () => {
      const fresh = await WireClient.connect(test.url);
      const d = await fresh.ok<AuthAnswer>({ t: 'auth', token: player.idToken });
      expect(d).toEqual({ uid: player.id, expiresAt: test.clock() + ID_TOKEN_TTL_SECONDS * 1000 });
    });

    it('refuses every request but auth, time, unlisten and od cancel before authentication', async () => {
      const fresh = await WireClient.connect(test.url);
      const message = 'Not authenticated: send {"t":"auth"} with an ID token first';
      for (const request of [
        { t: 'get', path: `${base}/settings` },
        { t: 'listen', path: `${base}/settings` },
        { t: 'set', path: `${base}/settings/name`, value: 'x' },
        { t: 'update', path: `${base}/settings`, value: { name: 'x' } },
        { t: 'remove', path: `${base}/settings/name` },
        { t: 'cas', path: `${base}/settings/name`, value: 'x', hash: valueHash(null) },
        { t: 'od', action: 'set', path: `${base}/connection/connected`, value: false },
      ] as const) {
        expect(await fresh.request(request)).toMatchObject({ ok: false, code: 'unauthenticated', message });
      }
      expect(await fresh.request({ t: 'time' })).toMatchObject({ ok: true, d: { now: test.clock() } });
      expect(await fresh.request({ t: 'unlisten', path: `${base}/settings` })).toMatchObject({ ok: true });
      expect(await fresh.request({ t: 'od', action: 'cancel', path: base })).toMatchObject({ ok: true });
    });

    it.each([
      ['garbage', 'The ID token is invalid; sign in again'],
      ['', 'The ID token is invalid; sign in again'],
    ])('refuses the token %j as unauthenticated', async (token, message) => {
      const fresh = await WireClient.connect(test.url);
      expect(await fresh.request({ t: 'auth', token })).toMatchObject({
        ok: false,
        code: 'unauthenticated',
        message,
      });
    });

    it('refuses an expired token, and a connection whose token expired until it authenticates again', async () => {
      const path = `${base}/settings/name`;
      expect(await client.request({ t: 'get', path })).toMatchObject({ ok: true });
      test.clock.advance(ID_TOKEN_TTL_SECONDS * 1000);
      expect(await client.request({ t: 'get', path })).toMatchObject({
        ok: false,
        code: 'unauthenticated',
        message: 'The ID token has expired; authenticate again with a fresh one',
      });
      expect(await client.request({ t: 'set', path, value: 'x' })).toMatchObject({ code: 'unauthenticated' });
      expect(await client.request({ t: 'auth', token: player.idToken })).toMatchObject({
        ok: false,
        code: 'unauthenticated',
        message: 'The ID token has expired or was revoked; sign in again',
      });
      await client.ok({ t: 'auth', token: await refreshedToken() });
      expect(await client.request({ t: 'get', path })).toMatchObject({ ok: true, d: { value: 'Lobby' } });
    });

    it('holds back events while the token is expired and sends what changed after re-authentication', async () => {
      const path = `${base}/settings`;
      await client.ok({ t: 'listen', path });
      await client.eventCount(path, 1);
      test.clock.advance(ID_TOKEN_TTL_SECONDS * 1000);
      await test.app.services.documents.set(`${path}/name`, 'While away');
      await test.app.services.documents.set(`${path}/name`, 'Back');
      await client.ok({ t: 'time' }); // any event would have arrived before this answer
      expect(client.eventsOf(path)).toHaveLength(1);
      await client.ok({ t: 'auth', token: await refreshedToken() });
      const events = await client.eventCount(path, 2);
      expect(events[1]).toMatchObject({ value: { name: 'Back', orientation: 'portrait' }, rev: 3 });
      await client.ok({ t: 'time' });
      expect(client.eventsOf(path)).toHaveLength(2);
    });

    it('refuses a revoked token, and the refusal signs the connection out', async () => {
      test.clock.advance(1000);
      await test.app.services.identity.revokeTokens('player', player.id);
      expect(await client.request({ t: 'auth', token: player.idToken })).toMatchObject({
        code: 'unauthenticated',
        message: 'The ID token has expired or was revoked; sign in again',
      });
      expect(await client.request({ t: 'get', path: base })).toMatchObject({
        code: 'unauthenticated',
        message: 'Not authenticated: send {"t":"auth"} with an ID token first',
      });
    });

    it('refuses the token of a disabled account', async () => {
      await test.app.services.identity.setDisabled('player', player.id, true);
      const fresh = await WireClient.connect(test.url);
      expect(await fresh.request({ t: 'auth', token: player.idToken })).toMatchObject({
        code: 'unauthenticated',
        message: 'The account is disabled',
      });
    });

    it('accepts a re-authentication with a fresh token and keeps the listens', async () => {
      const path = `${base}/settings/name`;
      await client.ok({ t: 'listen', path });
      test.clock.advance(60_000);
      const d = await client.ok<AuthAnswer>({ t: 'auth', token: await refreshedToken() });
      expect(d.expiresAt).toBe(test.clock() + ID_TOKEN_TTL_SECONDS * 1000);
      await client.ok({ t: 'set', path, value: 'Renamed' });
      expect((await client.eventCount(path, 2))[1]?.value).toBe('Renamed');
    });

    it('stops the listens that a different identity may not read', async () => {
      const other = await newPlayer(test);
      const path = `${base}/settings/name`;
      await client.ok({ t: 'listen', path });
      await client.ok({ t: 'auth', token: other.idToken });
      await test.app.services.documents.set(path, 'Unseen');
      await client.ok({ t: 'time' });
      expect(client.eventsOf(path)).toHaveLength(1);
    });
  });

  describe('listen', () => {
    it('answers ok, then sends the current value at once, then every change with its revision', async () => {
      const path = `${base}/settings`;
      const r = client.post({ t: 'listen', path });
      const [first] = await client.eventCount(path, 1);
      const answerIndex = client.messages.findIndex((message) => 'r' in message && message.r === r);
      expect(answerIndex).toBeGreaterThanOrEqual(0);
      expect(client.messages.indexOf(first!)).toBe(answerIndex + 1);
      const value = { name: 'Lobby', orientation: 'portrait' };
      expect(first).toEqual({ t: 'v', path, value, hash: valueHash(value), rev: 1 });

      await client.ok({ t: 'set', path: `${path}/name`, value: 'Hall' });
      await client.ok({ t: 'update', path, value: { orientation: 'landscape', mute: true } });
      const events = await client.eventCount(path, 3);
      expect(events.map((event) => [event.rev, event.value])).toEqual([
        [1, value],
        [2, { name: 'Hall', orientation: 'portrait' }],
        [3, { name: 'Hall', orientation: 'landscape', mute: true }],
      ]);
    });

    it('tells ancestors and descendants of a change, not unrelated paths, and not unchanged values', async () => {
      await client.ok({ t: 'listen', path: base });
      await client.ok({ t: 'listen', path: `${base}/settings/name` });
      await client.ok({ t: 'listen', path: `${base}/connection` });
      await client.ok({ t: 'set', path: `${base}/settings`, value: { name: 'Hall' } });
      await client.ok({ t: 'set', path: `${base}/settings/name`, value: 'Hall' }); // no change: no event
      await client.ok({ t: 'set', path: `${base}/settings/mute`, value: true }); // name unchanged
      await client.ok({ t: 'time' });
      expect(client.eventsOf(base).map((event) => event.rev)).toEqual([1, 2, 3]);
      expect(client.eventsOf(`${base}/settings/name`).map((event) => [event.rev, event.value])).toEqual([
        [1, 'Lobby'],
        [2, 'Hall'],
      ]);
      expect(client.eventsOf(`${base}/connection`).map((event) => [event.rev, event.value])).toEqual([
        [1, null],
      ]);
    });

    it('sends null for a missing path and for a removed one', async () => {
      const path = `${base}/settings/info`;
      await client.ok({ t: 'listen', path });
      await client.ok({ t: 'set', path, value: { os: 'linux' } });
      await client.ok({ t: 'remove', path });
      const events = await client.eventCount(path, 3);
      expect(events.map((event) => event.value)).toEqual([null, { os: 'linux' }, null]);
      expect(events[2]?.hash).toBe(valueHash(null));
    });

    it('normalizes the path of its events', async () => {
      await client.ok({ t: 'listen', path: `/${base}//settings/` });
      expect((await client.eventCount(`${base}/settings`, 1))[0]?.rev).toBe(1);
    });

    it('stops after unlisten', async () => {
      const path = `${base}/settings/name`;
      await client.ok({ t: 'listen', path });
      await client.ok({ t: 'unlisten', path });
      await client.ok({ t: 'set', path, value: 'After' });
      await client.ok({ t: 'time' });
      expect(client.eventsOf(path)).toHaveLength(1);
      expect(test.app.realtimeHub.stats()).toMatchObject({ documents: 0, listeners: 0 });
    });

    it('answers a repeated listen with the current value, and keeps one registration', async () => {
      const path = `${base}/settings/name`;
      await client.ok({ t: 'listen', path });
      await client.ok({ t: 'listen', path });
      await client.eventCount(path, 2);
      await client.ok({ t: 'set', path, value: 'Once' });
      await client.ok({ t: 'time' });
      expect(client.eventsOf(path).map((event) => event.rev)).toEqual([1, 1, 2]);
      expect(test.app.realtimeHub.stats().listeners).toBe(1);
    });

    it(`allows ${REALTIME_MAX_LISTENS} listens per connection`, async () => {
      for (let i = 0; i < REALTIME_MAX_LISTENS; i++)
        client.post({ t: 'listen', path: `${base}/device/k${i}` });
      await client.ok({ t: 'time' });
      expect(client.answers().filter((answer) => answer.ok)).toHaveLength(REALTIME_MAX_LISTENS + 2);
      expect(await client.request({ t: 'listen', path: `${base}/device/one-more` })).toMatchObject({
        ok: false,
        code: 'invalid_request',
        message: `Too many listens: a connection may listen to at most ${REALTIME_MAX_LISTENS} paths`,
      });
    });

    it('counts listens sent together one after the other: the one over the limit is the last', async () => {
      const sent: number[] = [];
      for (let i = 0; i <= REALTIME_MAX_LISTENS; i++)
        sent.push(client.post({ t: 'listen', path: `${base}/device/k${i}` }));
      const answers = await Promise.all(sent.map((r) => client.answerTo(r)));
      expect(answers.slice(0, REALTIME_MAX_LISTENS).every((answer) => answer.ok)).toBe(true);
      expect(answers[REALTIME_MAX_LISTENS]).toMatchObject({ ok: false, code: 'invalid_request' });
      expect(test.app.realtimeHub.stats().listeners).toBe(REALTIME_MAX_LISTENS);
    });

    it('answers listens sent together each once, in order, with one listener per path', async () => {
      const paths = [
        `${base}/connection`,
        `${base}/device/a`,
        `${base}/settings`,
        `${base}/settings/`,
        'players',
        `${base}/settings`,
      ];
      const sent = paths.map((path) => client.post({ t: 'listen', path }));
      const answers = await Promise.all(sent.map((r) => client.answerTo(r)));
      expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, true, false, true]);
      expect(answers[4]).toMatchObject({ code: 'invalid_path' });
      // Every answer once, in the order sent, each listen's value right after its answer.
      const order = client.messages
        .slice(1)
        .map((message) => ('r' in message ? message.r : 'path' in message ? message.path : message));
      expect(order).toEqual([
        sent[0],
        `${base}/connection`,
        sent[1],
        `${base}/device/a`,
        sent[2],
        `${base}/settings`,
        sent[3],
        `${base}/settings`,
        sent[4],
        sent[5],
        `${base}/settings`,
      ]);
      expect(test.app.realtimeHub.stats().listeners).toBe(3);
      await client.ok({ t: 'set', path: `${base}/settings/name`, value: 'Hall' });
      await client.waitFor(() => client.eventsOf(`${base}/settings`)[3]);
      expect(client.eventsOf(`${base}/settings`)).toHaveLength(4);
    });

    it('refuses paths above a document, .info paths and invalid keys with invalid_path', async () => {
      expect(await client.request({ t: 'listen', path: 'players' })).toMatchObject({
        code: 'invalid_path',
        message:
          'Invalid path "players": a path must name a document such as players/{id} or a place inside it',
      });
      expect(await client.request({ t: 'listen', path: '' })).toMatchObject({ code: 'invalid_path' });
      expect(await client.request({ t: 'listen', path: '.info/connected' })).toMatchObject({
        code: 'invalid_path',
        message: `Invalid key ".info" at path ".info": ${FORBIDDEN_KEY}`,
      });
    });
  });

  describe('get', () => {
    it('answers the value, its hash and the document revision; null for a missing path', async () => {
      expect(await client.ok({ t: 'get', path: `${base}/settings/name` })).toEqual({
        value: 'Lobby',
        hash: valueHash('Lobby'),
        rev: 1,
      });
      expect(await client.ok({ t: 'get', path: `${base}/nothing/here` })).toEqual({
        value: null,
        hash: valueHash(null),
        rev: 1,
      });
    });

    it('reads arrays back as arrays, null elements included', async () => {
      await client.ok({ t: 'set', path: `${base}/settings/list`, value: ['a', null, 'c'] });
      const d = await client.ok<ValueAnswer>({ t: 'get', path: `${base}/settings/list` });
      expect(d.value).toEqual(['a', null, 'c']);
      expect(d.hash).toBe(valueHash({ 0: 'a', 2: 'c' }));
    });
  });

  describe('writes', () => {
    it('set answers the new revision; {".sv":"timestamp"} is the server clock', async () => {
      test.clock.advance(1234);
      const d = await client.ok<WriteAnswer>({
        t: 'set',
        path: `${base}/connection`,
        value: { connected: true, connected_at: SERVER_TIMESTAMP, disconnected_at: null },
      });
      expect(d).toEqual({ rev: 2 });
      expect((await test.app.services.documents.get(`${base}/connection`)).value).toEqual({
        connected: true,
        connected_at: test.clock(),
      });
    });

    it('drops null members, removes with null, and refuses a request without a value', async () => {
      await client.ok({ t: 'set', path: `${base}/settings`, value: { a: 1, b: null, c: { d: null } } });
      expect((await client.ok<ValueAnswer>({ t: 'get', path: `${base}/settings` })).value).toEqual({ a: 1 });
      await client.ok({ t: 'set', path: `${base}/settings`, value: null });
      expect((await client.ok<ValueAnswer>({ t: 'get', path: `${base}/settings` })).value).toBeNull();
      // JSON has no undefined: a set without a value is not a request of the protocol.
      expect(await client.request({ t: 'set', path: `${base}/device` } as never)).toMatchObject({
        ok: false,
        code: 'invalid_request',
        message: 'Invalid request: "value" is missing',
      });
    });

    it('update writes several paths in one revision and removes with null', async () => {
      const d = await client.ok<WriteAnswer>({
        t: 'update',
        path: base,
        value: { 'settings/name': 'Hall', 'settings/orientation': null, 'connection/connected': true },
      });
      expect(d).toEqual({ rev: 2 });
      const doc = (await test.app.services.documents.get(base)).value as Record<string, unknown>;
      expect(doc.settings).toEqual({ name: 'Hall' });
      expect(doc.connection).toEqual({ connected: true });
    });

    it('update refuses overlapping keys with invalid_path and writes nothing', async () => {
      expect(
        await client.request({
          t: 'update',
          path: `${base}/settings`,
          value: { name: 'a', mute: true, 'name/first': 'b' },
        }),
      ).toEqual({
        r: expect.any(Number),
        ok: false,
        code: 'invalid_path',
        message:
          `Invalid update at path "${base}/settings": keys "name" and "name/first" overlap: ` +
          'an update cannot write a node together with its descendant or twice',
      });
      expect((await test.app.services.documents.get(base)).revision).toBe(1);
    });

    it('remove deletes the node', async () => {
      expect(await client.ok({ t: 'remove', path: `${base}/settings/name` })).toEqual({ rev: 2 });
      expect((await client.ok<ValueAnswer>({ t: 'get', path: `${base}/settings` })).value).toEqual({
        orientation: 'portrait',
      });
    });

    it('cas sets when the hash matches, and answers datastale with the current value otherwise', async () => {
      const path = `${base}/settings/name`;
      const read = await client.ok<ValueAnswer>({ t: 'get', path });
      expect(await client.ok({ t: 'cas', path, value: 'First', hash: read.hash })).toEqual({ rev: 2 });
      const stale = await client.request({ t: 'cas', path, value: 'Second', hash: read.hash });
      expect(stale).toEqual({
        r: expect.any(Number),
        ok: false,
        code: 'datastale',
        message: `The value at "${path}" changed since it was read; retry with the current value`,
        d: { value: 'First', hash: valueHash('First'), rev: 2 },
      });
      const current = (stale as { d: ValueAnswer }).d;
      expect(await client.ok({ t: 'cas', path, value: 'Second', hash: current.hash })).toEqual({ rev: 3 });
      expect(
        await client.ok({ t: 'cas', path: `${base}/settings/new`, value: 1, hash: valueHash(null) }),
      ).toEqual({ rev: 4 });
    });

    it('time answers the server clock', async () => {
      test.clock.advance(42);
      expect(await client.ok({ t: 'time' })).toEqual({ now: test.clock() });
    });
  });
});
