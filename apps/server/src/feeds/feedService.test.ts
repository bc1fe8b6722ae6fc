// Feeds as screens get them (docs/layouts.md §Feeds), on both engines, fetched from real HTTP servers on 127.0.0.1:
// good RSS and Atom, and every way a feed goes wrong — not XML, too large, too slow, hostile, gone after a success —
// answers the last good copy (or an empty feed) with the reason recorded and a warning logged. However many screens
// ask at once, and on however many nodes, the feed is fetched once. The clock is the test's.

import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  HOSTILE_GLOBAL,
  atomFeed,
  hostileRssFeed,
  rssFeed,
  startFeedServer,
  type FeedServer,
} from '@marquee/testbed';
import { testClock, type TestClock } from '../../test/harness/app';
import { describeOnBothEngines } from '../../test/harness/databases';
import type { DatabaseHandle } from '../db/database';
import { DomainError } from '../domain/errors';
import { newId } from '../ids';
import { FEED_USER_AGENT } from './feedFetcher';
import { ensureFeeds } from './feedRegistry';
import { DEFAULT_FEED_REFRESH_MS, EMPTY_FEED, FeedService } from './feedService';

const NEWS = [
  { title: 'Opening', text: 'The office opens', image: 'https://cdn.example/a.jpg' },
  { title: 'Canteen', text: 'Soup today' },
];
const TIMEOUT_MS = 400;
const MAX_BYTES = 64 * 1024;

let server: FeedServer;
let path = 0;
/** A fresh path on the feed server, so tests (of both engines) do not share counts. */
const nextPath = () => `/feed-${++path}.xml`;

beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
});

describeOnBothEngines('feed service', (database) => {
  async function newOrg(): Promise<string> {
    const id = newId();
    await database()
      .db.insertInto('orgs')
      .values({
        id,
        name: 'Feeds org',
        allow_clone_screen_by_hardware_id: 0,
        exempt_from_duplicate_checks: 0,
        created_at: 0,
      })
      .execute();
    return id;
  }

  function setUp(clock: TestClock = testClock(), on: DatabaseHandle = database()) {
    const warnings: string[] = [];
    const feeds = new FeedService({
      db: on.db,
      clock,
      limits: { timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES, refreshMs: DEFAULT_FEED_REFRESH_MS },
      log: { warn: (message) => warnings.push(message) },
    });
    return { feeds, warnings, clock };
  }

  async function register(url: string, clock: TestClock): Promise<string> {
    const ids = await ensureFeeds(database().db, await newOrg(), [url], clock());
    const id = ids.get(url);
    if (id === undefined) throw new Error('the feed was not registered');
    return id;
  }

  const stored = (id: string) =>
    database().db.selectFrom('feeds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('fetches an RSS 2.0 feed once, then answers the copy until it is stale', async () => {
    const { feeds, clock } = setUp();
    const at = nextPath();
    server.serve(at, { body: rssFeed('Company news', NEWS) });
    const id = await register(server.url(at), clock);

    const first = await feeds.cleanCopy(id);
    expect(first).toEqual({
      title: 'Company news',
      fetchedAt: clock(),
      items: [
        { title: 'Opening', text: 'The office opens', image: 'https://cdn.example/a.jpg' },
        { title: 'Canteen', text: 'Soup today' },
      ],
    });
    expect(server.lastUserAgent()).toBe(FEED_USER_AGENT);

    clock.advance(DEFAULT_FEED_REFRESH_MS - 1);
    expect(await feeds.cleanCopy(id)).toEqual(first);
    expect(server.requests(at)).toBe(1);

    server.serve(at, { body: rssFeed('Company news', [{ title: 'Later', text: 'Newer' }]) });
    clock.advance(1);
    expect((await feeds.cleanCopy(id)).items).toEqual([{ title: 'Later', text: 'Newer' }]);
    expect(server.requests(at)).toBe(2);
  });

  it('fetches an Atom feed', async () => {
    const { feeds, clock } = setUp();
    const at = nextPath();
    server.serve(at, {
      body: atomFeed('Lobby', [{ title: 'Visitors', text: 'Welcome, Acme' }]),
      contentType: 'application/atom+xml',
    });
    const id = await register(server.url(at), clock);
    expect((await feeds.cleanCopy(id)).items).toEqual([
      { title: 'Visitors', text: 'Welcome, Acme', published: Date.UTC(2025, 0, 15, 12) },
    ]);
  });

  it('answers an empty feed, records why and warns when the document is not XML', async () => {
    const { feeds, clock, warnings } = setUp();
    const at = nextPath();
    server.serve(at, { body: '<html><body>Moved to a new site</body></html>', contentType: 'text/html' });
    const id = await register(server.url(at), clock);
    expect(await feeds.cleanCopy(id)).toEqual(EMPTY_FEED);
    expect((await stored(id)).error).toMatch(/^not an RSS or Atom feed/);
    expect(warnings).toEqual([expect.stringContaining(`feed ${id}`)]);
  });

  it('abandons a document larger than the cap while it streams in', async () => {
    const { feeds, clock } = setUp();
    const at = nextPath();
    server.serve(at, { endless: true });
    const id = await register(server.url(at), clock);
    expect(await feeds.cleanCopy(id)).toEqual(EMPTY_FEED);
    expect((await stored(id)).error).toBe(`larger than ${MAX_BYTES} bytes`);
  });

  it('gives up on a feed slower than the time-out, and the answer does not wait longer', async () => {
    const { feeds, clock } = setUp();
    const slow = nextPath();
    const hanging = nextPath();
    server.serve(slow, { body: rssFeed('Slow', NEWS), delayMs: TIMEOUT_MS * 5 });
    server.serve(hanging, 'hang');
    for (const at of [slow, hanging]) {
      const id = await register(server.url(at), clock);
      const started = performance.now();
      expect(await feeds.cleanCopy(id)).toEqual(EMPTY_FEED);
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
      expect((await stored(id)).error).toBe(`no complete answer within ${TIMEOUT_MS} ms`);
    }
  });

  it('leaves nothing of a hostile feed but its words', async () => {
    const { feeds, clock } = setUp();
    const at = nextPath();
    server.serve(at, { body: hostileRssFeed() });
    const id = await register(server.url(at), clock);
    const json = JSON.stringify(await feeds.cleanCopy(id));
    for (const trace of [HOSTILE_GLOBAL, '<', 'javascript', 'onclick', 'onerror', 'iframe']) {
      expect(json).not.toContain(trace);
    }
  });

  it('keeps the last good copy when the feed goes away, with the error recorded and a warning', async () => {
    const { feeds, clock, warnings } = setUp();
    const at = nextPath();
    server.serve(at, { body: rssFeed('Company news', NEWS) });
    const id = await register(server.url(at), clock);
    const good = await feeds.cleanCopy(id);

    server.serve(at, { body: 'gone', status: 503, contentType: 'text/plain' });
    clock.advance(DEFAULT_FEED_REFRESH_MS);
    expect(await feeds.cleanCopy(id)).toEqual(good);
    const row = await stored(id);
    expect(row.error).toBe('answered 503');
    expect(row.fetched_at).toBe(good.fetchedAt);
    expect(row.checked_at).toBe(clock());
    expect(warnings).toEqual([
      expect.stringMatching(/could not be refreshed: answered 503; screens keep the last good copy/),
    ]);

    // Nothing listens there any more.
    const gone = await startFeedServer();
    const goneUrl = gone.url('/feed.xml');
    await gone.close();
    await database().db.updateTable('feeds').set({ url: goneUrl }).where('id', '=', id).execute();
    clock.advance(DEFAULT_FEED_REFRESH_MS);
    expect(await feeds.cleanCopy(id)).toEqual(good);
    expect((await stored(id)).error).toMatch(/ECONNREFUSED/);
  });

  it('fetches once for many screens at once, on one node and across nodes', async () => {
    const clock = testClock();
    const nodeA = setUp(clock);
    const nodeB = setUp(clock);
    const at = nextPath();
    server.serve(at, { body: rssFeed('Busy', NEWS), delayMs: 150 });
    const id = await register(server.url(at), clock);
    const onA = nodeA.feeds.cleanCopy(id);
    const alsoOnA = [nodeA.feeds.cleanCopy(id), nodeA.feeds.cleanCopy(id)];
    // Once node A is fetching, the other node finds the row claimed and answers the copy it has (none yet)
    // rather than fetching too.
    while (server.requests(at) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const onB = nodeB.feeds.cleanCopy(id);
    const first = await onA;
    expect(first.items).toHaveLength(2);
    for (const answer of await Promise.all(alsoOnA)) expect(answer).toEqual(first);
    expect(await onB).toEqual(EMPTY_FEED);
    expect(await nodeB.feeds.cleanCopy(id)).toEqual(first);
    expect(server.requests(at)).toBe(1);
  });

  it('follows a few redirects, and no more', async () => {
    const { feeds, clock } = setUp();
    const target = nextPath();
    server.serve(target, { body: rssFeed('Moved', NEWS) });
    let hop = server.url(target);
    const hops: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const at = nextPath();
      server.serve(at, { redirectTo: hop });
      hop = server.url(at);
      hops.push(hop);
    }
    const three = await register(hops[2] as string, clock);
    expect((await feeds.cleanCopy(three)).title).toBe('Moved');
    const four = await register(hops[3] as string, clock);
    expect(await feeds.cleanCopy(four)).toEqual(EMPTY_FEED);
    expect((await stored(four)).error).toBe('more than 3 redirects');
  });

  it('answers an empty feed for a stored copy it cannot read', async () => {
    const { feeds, clock, warnings } = setUp();
    const id = await register('https://unreachable.invalid/feed.xml', clock);
    for (const body of [
      'not json',
      '{"title": 5}',
      JSON.stringify({ title: 'x', items: [{ title: 'y', text: 'z', image: 'javascript:1' }], fetchedAt: 1 }),
    ]) {
      await database()
        .db.updateTable('feeds')
        .set({ body, checked_at: clock() })
        .where('id', '=', id)
        .execute();
      expect(await feeds.cleanCopy(id)).toEqual(EMPTY_FEED);
    }
    expect(warnings).toHaveLength(3);
  });

  it('does not know an id it never registered', async () => {
    const { feeds } = setUp();
    await expect(feeds.cleanCopy(newId())).rejects.toMatchObject({
      kind: 'not_found',
      code: 'feed_not_found',
    });
    await expect(feeds.cleanCopy(newId())).rejects.toBeInstanceOf(DomainError);
  });
});
