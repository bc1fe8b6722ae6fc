import { beforeEach, describe, expect, it } from 'vitest';
import { ID_TOKEN_TTL_SECONDS } from '../identity/identityService';
import {
  appPerTest,
  newPlayer,
  operatorWithPlayer,
  type RealtimePlayer,
  type RealtimeTestApp,
} from '../../test/harness/realtime';

describe('GET /db/{path}.json', () => {
  let test: RealtimeTestApp;
  let player: RealtimePlayer;

  const fixture = appPerTest();
  beforeEach(async () => {
    ({ test, player } = fixture);
    await test.app.services.documents.set(`players/${player.id}/app/data`, {
      version: 3,
      items: [{ type: 'image', src: 'a.png', durationMs: 5000 }],
    });
  });

  const read = (path: string, token: string | null = player.idToken, extra = '') =>
    test.app.inject({
      method: 'GET',
      url: `/db/${path}${token === null ? '' : `?auth=${encodeURIComponent(token)}`}${extra}`,
    });

  it('answers the value at the path as JSON, arrays restored', async () => {
    const response = await read(`players/${player.id}/app.json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      data: { version: 3, items: [{ type: 'image', src: 'a.png', durationMs: 5000 }] },
    });
    expect((await read(`players/${player.id}/settings/name.json`)).body).toBe('"Lobby"');
  });

  it('answers null for a missing path', async () => {
    const response = await read(`players/${player.id}/nothing/here.json`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
  });

  it('ignores ns, the app-check token and format=export (the same JSON)', async () => {
    const plain = await read(`players/${player.id}.json`);
    const exported = await read(
      `players/${player.id}.json`,
      player.idToken,
      '&ns=marquee&format=export&AppCheck=x',
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toBe(plain.body);
  });

  it.each([
    ['no token', null],
    ['an empty token', ''],
    ['a forged token', 'a.b.c'],
  ])('answers 401 Permission denied for %s', async (_, token) => {
    const response = await read(`players/${player.id}/app.json`, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Permission denied' });
  });

  it('answers 401 for an expired token', async () => {
    test.clock.advance(ID_TOKEN_TTL_SECONDS * 1000);
    expect((await read(`players/${player.id}.json`)).statusCode).toBe(401);
  });

  it("answers 401 for another player's subtree and for paths outside players/", async () => {
    const other = await newPlayer(test);
    for (const path of [
      `players/${other.id}.json`,
      `players/${other.id}/settings/name.json`,
      'orgs/x.json',
    ]) {
      const response = await read(path);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Permission denied' });
    }
  });

  it("lets an operator read the players of their organisation's screens only", async () => {
    const { operator, player: paired } = await operatorWithPlayer(test);
    expect((await read(`players/${paired.id}/connection.json`, operator.token)).statusCode).toBe(200);
    expect((await read(`players/${player.id}.json`, operator.token)).statusCode).toBe(401);
  });

  it('answers 400 for a path without .json, above a document, or with a forbidden key', async () => {
    expect((await read(`players/${player.id}`)).json()).toEqual({
      error: 'Invalid path: add ".json" to the path, as in /db/players/{id}.json',
    });
    const above = await read('players.json');
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({
      error: 'Invalid path "players": a path must name a document such as players/{id} or a place inside it',
    });
    const forbidden = await read(`players/${player.id}/a%24b.json`);
    expect(forbidden.statusCode).toBe(400);
    expect(forbidden.json<{ error: string }>().error).toMatch(/^Invalid key "a\$b"/);
  });
});
