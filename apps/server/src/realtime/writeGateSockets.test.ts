// The write gate over real sockets: when players send more writes than the node admits at once, the connections past
// the bound are not read until there is room, and still every write is answered, in order, and committed in order.

import { afterEach, expect, it } from 'vitest';
import type { WriteAnswer } from '@marquee/protocol';
import { connectAs, newPlayer, startRealtimeApp, type RealtimeTestApp } from '../../test/harness/realtime';

const MAX_IN_FLIGHT = 4;
const PLAYERS = 5;
const WRITES_EACH = 40;

let test: RealtimeTestApp;
afterEach(async () => {
  await test.close();
});

it('holds connections past the bound and answers every write, in order, once there is room', async () => {
  test = await startRealtimeApp({ realtime: { maxWritesInFlight: MAX_IN_FLIGHT } });
  const players = await Promise.all(Array.from({ length: PLAYERS }, () => newPlayer(test)));
  const clients = await Promise.all(players.map((player) => connectAs(test, player.idToken)));
  const paths = players.map((player) => `players/${player.id}/settings/name`);
  await clients[0]!.ok({ t: 'listen', path: paths[0]! });

  // Sampled on every turn of the event loop (the server runs in this process) while the writes are in flight.
  let sampling = true;
  let mostInFlight = 0;
  let mostHeld = 0;
  const sample = () => {
    const stats = test.app.realtimeHub.stats();
    mostInFlight = Math.max(mostInFlight, stats.writesInFlight);
    mostHeld = Math.max(mostHeld, stats.heldForWrites);
    if (sampling) setImmediate(sample);
  };
  sample();

  const sent = clients.map((client, k) =>
    Array.from({ length: WRITES_EACH }, (_, n) => client.post({ t: 'set', path: paths[k]!, value: `v${n}` })),
  );
  const answers = await Promise.all(
    clients.map((client, k) => Promise.all(sent[k]!.map((r) => client.answerTo(r, 30_000)))),
  );
  sampling = false;

  for (const playerAnswers of answers) {
    expect(playerAnswers.every((answer) => answer.ok)).toBe(true);
    const revisions = playerAnswers.map((answer) => (answer.ok ? (answer.d as WriteAnswer).rev : 0));
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(WRITES_EACH);
  }
  expect(mostHeld).toBeGreaterThan(0);
  // Frames that find the node full wait unread: never more writes in flight than the bound.
  expect(mostInFlight).toBeLessThanOrEqual(MAX_IN_FLIGHT);
  for (const player of players) {
    expect((await test.app.services.documents.get(`players/${player.id}`)).value).toMatchObject({
      settings: { name: `v${WRITES_EACH - 1}` },
    });
  }
  await expect.poll(() => clients[0]!.eventsOf(paths[0]!).at(-1)?.value).toBe(`v${WRITES_EACH - 1}`);
  const revs = clients[0]!.eventsOf(paths[0]!).map((event) => event.rev);
  expect(revs).toEqual([...revs].sort((a, b) => a - b));
  expect(test.app.realtimeHub.stats()).toMatchObject({ writesInFlight: 0, heldForWrites: 0 });
  for (const client of clients) await client.close();
});

it('reads a connection that sends no write while the node is full of others’ writes', async () => {
  test = await startRealtimeApp({ realtime: { maxWritesInFlight: MAX_IN_FLIGHT } });
  const [writer, bystander] = await Promise.all([newPlayer(test), newPlayer(test)]);
  const writing = await connectAs(test, writer.idToken);
  const reading = await connectAs(test, bystander.idToken);

  // Nothing commits while a transaction holds the database's connection: the writes stay in flight.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = test.app.services.db.transaction().execute(async (trx) => {
    await trx.selectFrom('realtime_documents').select('path').execute();
    await held;
  });
  const path = `players/${writer.id}/settings/name`;
  const sent = Array.from({ length: MAX_IN_FLIGHT * 2 }, (_, n) =>
    writing.post({ t: 'set', path, value: `v${n}` }),
  );
  await expect.poll(() => test.app.realtimeHub.stats().heldForWrites).toBe(1);
  expect(test.app.realtimeHub.stats().writesInFlight).toBe(MAX_IN_FLIGHT);

  // Another player's requests are answered meanwhile; its own write then waits like the others.
  expect(await reading.ok<{ now: number }>({ t: 'time' })).toHaveProperty('now');
  const bystanderWrite = reading.post({
    t: 'set',
    path: `players/${bystander.id}/settings/name`,
    value: 'b',
  });
  await expect.poll(() => test.app.realtimeHub.stats().heldForWrites).toBe(2);

  release();
  await transaction;
  const answers = await Promise.all(sent.map((r) => writing.answerTo(r, 30_000)));
  expect(answers.every((answer) => answer.ok)).toBe(true);
  expect(await reading.answerTo(bystanderWrite, 30_000)).toMatchObject({ ok: true });
  expect(test.app.realtimeHub.stats()).toMatchObject({ writesInFlight: 0, heldForWrites: 0 });
  await writing.close();
  await reading.close();
});
