// GET /feeds/{id} as a player calls it: public JSON with fitting headers, the last good copy when the feed is down,
// an empty feed before the first success, 404 for an unknown id and 400 naming the id when it is malformed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rssFeed, startFeedServer, type FeedServer } from '@marquee/testbed';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { newId } from '../ids';
import { ensureFeeds } from './feedRegistry';

let test: TestApp;
let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
  test = await startTestApp({ env: { MARQUEE_FEED_TIMEOUT_MS: '500' } });
});
afterAll(async () => {
  await test.close();
  await server.close();
});

async function registered(path: string): Promise<string> {
  const { db } = test.app.services;
  const orgId = newId();
  await db
    .insertInto('orgs')
    .values({
      id: orgId,
      name: 'Org',
      allow_clone_screen_by_hardware_id: 0,
      exempt_from_duplicate_checks: 0,
      created_at: 0,
    })
    .execute();
  const url = server.url(path);
  const id = (await ensureFeeds(db, orgId, [url], test.clock())).get(url);
  if (id === undefined) throw new Error('not registered');
  return id;
}

describe('GET /feeds/{id}', () => {
  it('answers the cleaned feed as JSON, without credentials, briefly cacheable', async () => {
    server.serve('/news.xml', { body: rssFeed('News', [{ title: 'Hello', text: '<b>World</b>' }]) });
    const id = await registered('/news.xml');
    const response = await test.app.inject({ url: `/feeds/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toEqual({
      title: 'News',
      items: [{ title: 'Hello', text: 'World' }],
      fetchedAt: test.clock(),
    });
  });

  it('answers the last good copy when the feed is down, and an empty feed before any success', async () => {
    server.serve('/flaky.xml', { body: rssFeed('Flaky', [{ title: 'Kept', text: 'Still here' }]) });
    const id = await registered('/flaky.xml');
    const good = (await test.app.inject({ url: `/feeds/${id}` })).json();
    server.serve('/flaky.xml', 'hang');
    test.clock.advance(test.config.feeds.refreshMs);
    const down = await test.app.inject({ url: `/feeds/${id}` });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual(good);

    server.serve('/never.xml', { body: 'not xml', status: 200, contentType: 'text/plain' });
    const never = await registered('/never.xml');
    const empty = await test.app.inject({ url: `/feeds/${never}` });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ title: '', items: [], fetchedAt: 0 });
  });

  it('answers 404 for an unknown feed and 400 naming the id for a malformed one', async () => {
    const unknown = await test.app.inject({ url: `/feeds/${newId()}` });
    expect(unknown.statusCode).toBe(404);
    const malformed = await test.app.inject({ url: '/feeds/..%2f..%2fetc%2fpasswd' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('id');
  });
});
