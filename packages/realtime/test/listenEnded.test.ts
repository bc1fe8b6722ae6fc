// A listen the server ends on its own (docs/protocols/realtime.md §Rules): an operator watching a player loses it
// the moment the screen is unpaired, through the real server and the management API.

import { describe, expect, it } from 'vitest';
import { get, onValue, ref, set, type RealtimeError } from '../src/index';
import { openClient, waitForValue } from './clients';
import { newPlayer, useTestServer, type TestServer } from './serverHarness';

async function api<T>(server: TestServer, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.origin}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

describe('a listen the server ends', () => {
  const server = useTestServer();

  it("tells the operator's listener when the screen is unpaired, and drops the offline copy", async () => {
    const operator = await api<{ idToken: string }>(server, 'POST', '/auth/signup', {
      email: `owner-${Date.now()}@example.com`,
      password: 'correct horse battery',
      orgName: 'Lobby screens',
    });
    const player = await newPlayer(server);
    const asPlayer = openClient(server, player);
    const code = (await get(ref(asPlayer.db, `players/${player.id}/pairing/code`))).val() as string;
    const screen = await api<{ id: string }>(server, 'POST', '/screens/pair', { code }, operator.idToken);

    const studio = openClient(server, { id: 'operator', idToken: operator.idToken });
    const settings = ref(studio.db, `players/${player.id}/settings`);
    const ended: RealtimeError[] = [];
    const values: unknown[] = [];
    onValue(
      settings,
      (snapshot) => values.push(snapshot.val()),
      (error) => ended.push(error),
    );
    await waitForValue(settings, (snapshot) => snapshot.exists());
    expect([...studio.storage.items.keys()].some((key) => key.includes(player.id))).toBe(true);

    await api(server, 'DELETE', `/screens/${screen.id}`, undefined, operator.idToken);
    await expect.poll(() => ended.length, { timeout: 5_000 }).toBe(1);
    expect(ended[0]?.code).toBe('PERMISSION_DENIED');
    expect(studio.logs.some((line) => line.includes('ended: permission_denied'))).toBe(true);
    expect([...studio.storage.items.keys()].some((key) => key.includes(player.id))).toBe(false);

    // Nothing more reaches the ended listener, whatever the player writes.
    const seen = values.length;
    await set(ref(asPlayer.db, `players/${player.id}/settings/name`), 'Renamed after unpairing');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(values).toHaveLength(seen);
  });
});
