// An operator's listen lasts only while the operator may read the player (docs/security.md §Operators): once its
// screen is unpaired or the player is deleted, the listen ends at once with {t: 'c'} and nothing more is sent.
// The same across nodes is in redisFanOut.test.ts.

import { expect, it } from 'vitest';
import type { ListenCancelled } from '@marquee/protocol';
import {
  appPerTest,
  connectAs,
  operatorWithPlayer,
  unpairScreen,
  type WireClient,
} from '../../test/harness/realtime';

const fixture = appPerTest();

const cancelled = (path: string): ListenCancelled => ({
  t: 'c',
  path,
  code: 'permission_denied',
  message: `Permission denied: cannot read "${path}"`,
});

/** Waits for `count` cancellations, then checks nothing else arrives after a round trip. */
async function cancellations(client: WireClient, count: number): Promise<ListenCancelled[]> {
  const received = await client.waitFor(() =>
    client.cancellations.length >= count ? client.cancellations : undefined,
  );
  await client.ok({ t: 'time' });
  return received;
}

it("ends an operator's listens of a player once its screen is unpaired, sending nothing of it after", async () => {
  const { test } = fixture;
  const { operator, player, screenId } = await operatorWithPlayer(test);
  const studio = await connectAs(test, operator.token);
  const doc = `players/${player.id}`;
  await studio.ok({ t: 'listen', path: doc });
  await studio.ok({ t: 'listen', path: `${doc}/connection` });
  await studio.eventCount(doc, 1);

  await unpairScreen(test, operator, screenId);
  expect(await cancellations(studio, 2)).toEqual(
    expect.arrayContaining([cancelled(doc), cancelled(`${doc}/connection`)]),
  );
  // Not even the change that unpaired it (its new pairing code).
  expect(studio.eventsOf(doc)).toHaveLength(1);

  const seen = studio.events.length;
  await test.app.services.documents.set(`${doc}/connection`, { connected: true });
  await studio.ok({ t: 'time' });
  expect(studio.events).toHaveLength(seen);
  expect(test.app.realtimeHub.stats().listeners).toBe(0);
  expect(await studio.request({ t: 'listen', path: doc })).toMatchObject({ code: 'permission_denied' });
});

it("ends an operator's listen of a player that is hard reset", async () => {
  const { test } = fixture;
  const { operator, player } = await operatorWithPlayer(test);
  const studio = await connectAs(test, operator.token);
  const path = `players/${player.id}/settings`;
  await studio.ok({ t: 'listen', path });
  const reset = await test.app.inject({
    method: 'DELETE',
    url: `/_internal/players/${player.id}`,
    headers: { authorization: player.apiToken },
  });
  expect(reset.statusCode).toBe(200);
  expect(await cancellations(studio, 1)).toEqual([cancelled(path)]);
});

it('keeps the listen of an operator who may still read, and sends what changed while it was checked', async () => {
  const { test } = fixture;
  const { operator, player } = await operatorWithPlayer(test);
  const studio = await connectAs(test, operator.token);
  const doc = `players/${player.id}`;
  await studio.ok({ t: 'listen', path: doc });
  await studio.eventCount(doc, 1);
  // A change of the pairing branch that leaves the player in the organisation.
  const { revision } = await test.app.services.documents.set(`${doc}/pairing/code`, 'ABC234');
  const events = await studio.waitFor(() => studio.eventsOf(doc).find((event) => event.rev === revision));
  expect(events.value).toMatchObject({ pairing: { code: 'ABC234' } });
  const next = await test.app.services.documents.set(`${doc}/settings/name`, 'Hall');
  await studio.waitFor(() => studio.eventsOf(doc).find((event) => event.rev === next.revision));
  expect(studio.cancellations).toEqual([]);
});

it("leaves a player's own listens alone when its document changes hands", async () => {
  const { test } = fixture;
  const { operator, player, screenId } = await operatorWithPlayer(test);
  const own = await connectAs(test, player.idToken);
  const path = `players/${player.id}/pairing/code`;
  await own.ok({ t: 'listen', path });
  await unpairScreen(test, operator, screenId);
  const [, code] = await own.eventCount(path, 2);
  expect(code?.value).toMatch(/^[A-Z2-9]{6}$/);
  expect(own.cancellations).toEqual([]);
});
