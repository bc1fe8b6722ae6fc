// Transactions against the real server (docs/protocols/realtime.md §Transactions): datastale retries under
// contention, MAXRETRY after TRANSACTION_MAX_RETRIES attempts, an abort, and an overwrite by a local set.
//
// Contention is made deterministic with a socket that holds this client's cas frames until the other client's
// write has been acknowledged: the cas then always carries the hash of a value that is no longer there.

import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_MAX_RETRIES } from '@marquee/protocol';
import { get, ref, runTransaction, set, type DatabaseReference } from '../src/index';
import { openClient, scratchPath, type ClientOptions, type TestClient } from './clients';
import { newPlayer, useTestServer, type TestPlayer } from './serverHarness';

/** A `ws` WebSocket whose cas frames wait for `gate()` (the rival write) before they go out. */
function gatedWebSocket(gate: () => Promise<unknown>): typeof WebSocket {
  return class GatedWebSocket extends WebSocket {
    override send(data: unknown): void {
      if (typeof data === 'string' && data.includes('"t":"cas"')) {
        void gate().then(() => super.send(data));
        return;
      }
      super.send(data as string);
    }
  } as typeof WebSocket;
}

describe('transactions with the real server', () => {
  const server = useTestServer();
  let player: TestPlayer;
  const open = (options: ClientOptions = {}) => openClient(server, player, options);
  const counterOf = (client: TestClient): DatabaseReference => ref(client.db, scratchPath(player, 'counter'));

  it('retries on datastale with the current value until it commits', async () => {
    player = await newPlayer(server);
    let rivalWrite: Promise<void> = Promise.resolve();
    const a = open({ WebSocketImpl: gatedWebSocket(() => rivalWrite) });
    const b = open();
    await set(counterOf(a), 0);
    const seen: unknown[] = [];
    const result = await runTransaction(counterOf(a), (current) => {
      seen.push(current);
      // The rival writes first on the first two attempts.
      if (seen.length <= 2) rivalWrite = set(counterOf(b), (current as number) + 100);
      return (current as number) + 1;
    });
    expect(seen).toEqual([0, 100, 200]);
    expect(result.committed).toBe(true);
    expect(result.snapshot.val()).toBe(201);
    expect((await get(counterOf(b))).val()).toBe(201);
  });

  it(`fails with MAXRETRY when the value changed before each of the ${TRANSACTION_MAX_RETRIES} attempts`, async () => {
    player = await newPlayer(server);
    let rivalWrite: Promise<void> = Promise.resolve();
    const a = open({ WebSocketImpl: gatedWebSocket(() => rivalWrite) });
    const b = open();
    await set(counterOf(a), 0);
    let attempts = 0;
    const failed = runTransaction(counterOf(a), (current) => {
      attempts++;
      rivalWrite = set(counterOf(b), (current as number) + 1);
      return -1;
    });
    await expect(failed).rejects.toMatchObject({ name: 'RealtimeError', code: 'MAXRETRY' });
    expect(attempts).toBe(TRANSACTION_MAX_RETRIES);
    await rivalWrite;
    expect((await get(counterOf(b))).val()).toBe(TRANSACTION_MAX_RETRIES); // never -1
  });

  it('counts right when two clients increment the same counter concurrently', async () => {
    player = await newPlayer(server);
    const a = open();
    const b = open();
    await set(counterOf(a), 0);
    let calls = 0;
    const increments = async (client: TestClient) => {
      for (let i = 0; i < 10; i++) {
        const result = await runTransaction(counterOf(client), (current) => {
          calls++;
          return ((current as number | null) ?? 0) + 1;
        });
        expect(result.committed).toBe(true);
      }
    };
    await Promise.all([increments(a), increments(b)]);
    expect((await get(counterOf(a))).val()).toBe(20);
    expect(calls).toBeGreaterThanOrEqual(20);
  });

  it('aborts without writing when the update returns undefined', async () => {
    player = await newPlayer(server);
    const { db } = open();
    const counter = ref(db, scratchPath(player, 'counter'));
    await set(counter, 7);
    const result = await runTransaction(counter, () => undefined);
    expect(result.committed).toBe(false);
    expect(result.snapshot.val()).toBe(7);
    expect((await get(counter)).val()).toBe(7);
  });

  it('fails with SET when this client sets the path while the transaction runs', async () => {
    player = await newPlayer(server);
    const { db } = open();
    const counter = ref(db, scratchPath(player, 'counter'));
    const running = runTransaction(counter, (current) => ((current as number | null) ?? 0) + 1);
    await set(counter, 50);
    await expect(running).rejects.toMatchObject({ code: 'SET' });
    expect((await get(counter)).val()).toBe(50);
  });

  it('fails with PERMISSION_DENIED where the player may not write', async () => {
    player = await newPlayer(server);
    const { db } = open();
    await expect(
      runTransaction(ref(db, `players/${player.id}/action_flags/reboot`), () => true),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});
