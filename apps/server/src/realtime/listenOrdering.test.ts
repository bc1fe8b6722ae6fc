// Listeners under concurrent writers: every change reaches them once, in revision order, and they end on the
// stored value — whether they listened from the start or joined in the middle.

import { expect, it } from 'vitest';
import type { WriteAnswer } from '@marquee/protocol';
import { appPerTest, connectAs, type WireClient } from '../../test/harness/realtime';

const WRITERS = 4;
const WRITES_EACH = 150;

const fixture = appPerTest();

function strictlyIncreasing(revs: number[]): boolean {
  return revs.every((rev, index) => index === 0 || rev > (revs[index - 1] as number));
}

it('delivers every change once and in revision order to every listener', async () => {
  const { test, player, base } = fixture;
  const observer = await connectAs(test, player.idToken);
  await observer.ok({ t: 'listen', path: base });
  await observer.ok({ t: 'listen', path: `${base}/settings/name` });
  await observer.ok({ t: 'listen', path: `${base}/connection` });
  const writers: WireClient[] = [];
  for (let i = 0; i < WRITERS; i++) writers.push(await connectAs(test, player.idToken));

  let late: WireClient | undefined;
  const nameWrites: Promise<WriteAnswer>[] = [];
  const otherWrites: Promise<number>[] = [];
  for (let k = 0; k < WRITES_EACH; k++) {
    writers.forEach((writer, i) => {
      nameWrites.push(
        writer.ok<WriteAnswer>({ t: 'set', path: `${base}/settings/name`, value: `w${i}-${k}` }),
      );
      if (k % 10 === 0) {
        const update = writer.ok<WriteAnswer>({
          t: 'update',
          path: `${base}/connection`,
          value: { connected: true, id: `w${i}-${k}` },
        });
        otherWrites.push(update.then((d) => d.rev));
      }
    });
    // Writes from the server side too (the management API writes the same document).
    if (k % 25 === 0) {
      const write = test.app.services.documents.set(`${base}/settings/mute`, k % 2 === 0);
      otherWrites.push(write.then((result) => result.revision));
    }
    if (k === WRITES_EACH / 2) {
      late = await connectAs(test, player.idToken);
      late.post({ t: 'listen', path: `${base}/settings/name` });
    }
  }
  const nameRevs = (await Promise.all(nameWrites)).map((d) => d.rev);
  const revs = [...nameRevs, ...(await Promise.all(otherWrites))].sort((a, b) => a - b);
  expect(new Set(revs).size).toBe(revs.length); // every write its own revision
  const finalRev = revs[revs.length - 1] as number;
  const lastNameRev = Math.max(...nameRevs);
  // Events of one change go out together: once the document's last one is in, every path's is.
  await observer.waitFor(() => observer.eventsOf(base).find((event) => event.rev === finalRev));

  // The whole document changes with every write: one event per revision, none twice, in order.
  expect(observer.eventsOf(base).map((event) => event.rev)).toEqual([1, ...revs]);

  // The name changes with every name write and with nothing else.
  const nameEvents = observer.eventsOf(`${base}/settings/name`);
  expect(nameEvents.map((event) => event.rev)).toEqual([1, ...[...nameRevs].sort((a, b) => a - b)]);
  const stored = await test.app.services.documents.get(`${base}/settings/name`);
  expect(nameEvents.at(-1)).toMatchObject({ value: stored.value, rev: lastNameRev });

  const connectionEvents = observer.eventsOf(`${base}/connection`);
  expect(strictlyIncreasing(connectionEvents.map((event) => event.rev))).toBe(true);
  expect(connectionEvents).toHaveLength(1 + WRITERS * (WRITES_EACH / 10));

  // Joined in the middle: its current value first, then the later changes, in order, ending on the stored one.
  const joined = late as WireClient;
  await joined.waitFor(() =>
    joined.eventsOf(`${base}/settings/name`).find((event) => event.rev === lastNameRev),
  );
  const lateRevs = joined.eventsOf(`${base}/settings/name`).map((event) => event.rev);
  expect(strictlyIncreasing(lateRevs)).toBe(true);
  expect(lateRevs.slice(1)).toEqual(
    nameRevs.filter((rev) => rev > (lateRevs[0] as number)).sort((a, b) => a - b),
  );
});

it('keeps one subscription per document, whatever the number of listeners', async () => {
  const { test, player, base } = fixture;
  const clients: WireClient[] = [];
  for (let i = 0; i < 5; i++) {
    const client = await connectAs(test, player.idToken);
    await client.ok({ t: 'listen', path: `${base}/settings` });
    await client.ok({ t: 'listen', path: `${base}/connection` });
    clients.push(client);
  }
  const pubsub = test.app.services.pubsub as unknown as { subscriberCount(topic: string): number };
  expect(pubsub.subscriberCount(`realtime:${base}`)).toBe(1);
  expect(test.app.realtimeHub.stats()).toMatchObject({ connections: 5, documents: 1, listeners: 10 });
  for (const client of clients) await client.close();
  await expect
    .poll(() => test.app.realtimeHub.stats())
    .toMatchObject({ connections: 0, documents: 0, listeners: 0 });
  expect(pubsub.subscriberCount(`realtime:${base}`)).toBe(0);
});

it('tells a client listening where it writes of each change before answering the write', async () => {
  const { test, player, base } = fixture;
  const client = await connectAs(test, player.idToken);
  const path = `${base}/settings/name`;
  await client.ok({ t: 'listen', path });
  // Sent together, so that many are committed in one batch and answered from inside the same answers.
  const ids = Array.from({ length: 40 }, (_, k) => client.post({ t: 'set', path, value: `n${k}` }));
  const answers = await Promise.all(ids.map((r) => client.answerTo(r)));
  for (const answer of answers) {
    if (!answer.ok) throw new Error(`set refused: ${answer.code}`);
    const { rev } = answer.d as WriteAnswer;
    const eventAt = client.messages.findIndex(
      (message) => 't' in message && message.t === 'v' && message.rev === rev,
    );
    expect(eventAt).toBeGreaterThanOrEqual(0);
    expect(eventAt).toBeLessThan(client.messages.indexOf(answer));
  }
});
