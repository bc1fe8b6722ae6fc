// GET /api/v1/feeds/preview as the studio's editor calls it, against a real local feed server: the feed cleaned as
// screens get it (a hostile one keeps only its words), a bad address refused naming url, a feed that is down or
// not a feed refused with the reason (never a 5xx), answers reused briefly, viewers refused, callers limited.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOSTILE_GLOBAL,
  HOSTILE_TEXT,
  HOSTILE_TITLE,
  hostileRssFeed,
  rssFeed,
  startFeedServer,
  type FeedServer,
} from '@marquee/testbed';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { bearer, signUpOperator, type TestOperator } from '../../test/harness/management';
import { FEED_PREVIEW_CACHE_MS } from '../feeds/feedService';
import { FEED_PREVIEWS_PER_MINUTE } from './feedPreviewRoutes';

let test: TestApp;
let server: FeedServer;
let editor: TestOperator;
beforeAll(async () => {
  server = await startFeedServer();
  test = await startTestApp({ env: { MARQUEE_FEED_TIMEOUT_MS: '500', MARQUEE_FEED_MAX_BYTES: '65536' } });
  editor = await signUpOperator(test.app, 'Preview');
});
afterAll(async () => {
  await test.close();
  await server.close();
});

const preview = (url: string, token = editor.token) =>
  test.app.inject({
    url: `/api/v1/feeds/preview?url=${encodeURIComponent(url)}`,
    headers: bearer(token),
  });

describe('GET /api/v1/feeds/preview', () => {
  it('answers the feed cleaned as screens get it, fetched again only after a short while', async () => {
    server.serve('/news.xml', { body: rssFeed('News', [{ title: 'Hello', text: '<b>World</b>' }]) });
    const response = await preview(server.url('/news.xml'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: 'News',
      items: [{ title: 'Hello', text: 'World' }],
      fetchedAt: test.clock(),
    });
    expect(server.requests('/news.xml')).toBe(1);

    expect((await preview(server.url('/news.xml'))).statusCode).toBe(200);
    expect(server.requests('/news.xml')).toBe(1);
    test.clock.advance(FEED_PREVIEW_CACHE_MS);
    expect((await preview(server.url('/news.xml'))).statusCode).toBe(200);
    expect(server.requests('/news.xml')).toBe(2);
  });

  it('leaves nothing of a hostile feed but its words', async () => {
    server.serve('/hostile.xml', { body: hostileRssFeed() });
    const response = await preview(server.url('/hostile.xml'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(HOSTILE_TITLE);
    expect(response.body).toContain(HOSTILE_TEXT);
    for (const trace of [HOSTILE_GLOBAL, '<', 'javascript', 'onclick', 'onerror', 'iframe']) {
      expect(response.body).not.toContain(trace);
    }
  });

  it('refuses an address that is not http(s), naming url', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'not a url', '']) {
      const response = await preview(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'url' });
    }
    const missing = await test.app.inject({ url: '/api/v1/feeds/preview', headers: bearer(editor.token) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('url');
  });

  it('says why a feed cannot be read, as a 400 on url: down, not a feed, too large, too slow', async () => {
    server.serve('/gone.xml', { body: 'gone', status: 503, contentType: 'text/plain' });
    server.serve('/page.html', { body: '<html><body>Hi</body></html>', contentType: 'text/html' });
    server.serve('/huge.xml', { endless: true });
    server.serve('/slow.xml', 'hang');
    const cases = [
      ['/gone.xml', 'answered 503'],
      ['/page.html', 'not an RSS or Atom feed'],
      ['/huge.xml', 'larger than 65536 bytes'],
      ['/slow.xml', 'no complete answer within 500 ms'],
    ] as const;
    for (const [path, reason] of cases) {
      const response = await preview(server.url(path));
      expect(response.statusCode, path).toBe(400);
      const { error } = response.json();
      expect(error).toMatchObject({ code: 'FEED_UNREADABLE', field: 'url' });
      expect(error.message).toMatch(/^The feed could not be read: /);
      expect(error.message).toContain(reason);
    }
    // A feed that is down is not asked again at once.
    expect((await preview(server.url('/gone.xml'))).statusCode).toBe(400);
    expect(server.requests('/gone.xml')).toBe(1);
  });

  it('is refused to a viewer, and limited per caller', async () => {
    const viewer = await signUpOperator(test.app, 'Viewers');
    await test.app.services.db
      .updateTable('users')
      .set({ role: 'viewer' })
      .where('id', '=', viewer.userId)
      .execute();
    const refused = await preview(server.url('/news.xml'), viewer.token);
    expect(refused.statusCode).toBe(403);
    expect(server.requests('/news.xml')).toBe(2);

    const busy = await signUpOperator(test.app, 'Busy');
    server.serve('/many.xml', { body: rssFeed('Many', [{ title: 'One', text: 'Item' }]) });
    const statuses: number[] = [];
    for (let call = 0; call <= FEED_PREVIEWS_PER_MINUTE; call += 1) {
      statuses.push((await preview(server.url(`/many.xml?n=${call}`), busy.token)).statusCode);
    }
    expect(statuses.slice(0, FEED_PREVIEWS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another caller has a limit of its own.
    expect((await preview(server.url('/many.xml'))).statusCode).toBe(200);
  });
});
