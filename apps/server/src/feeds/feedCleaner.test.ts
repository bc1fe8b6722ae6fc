// RSS 2.0 and Atom documents as a screen gets them: titles and text in plain words, images from enclosures, media
// thumbnails or the first <img>, dates; a hostile document leaves nothing of its markup; not a feed is refused.

import { describe, expect, it } from 'vitest';
import { CleanFeedSchema } from '@marquee/protocol';
import {
  HOSTILE_GLOBAL,
  HOSTILE_TEXT,
  HOSTILE_TITLE,
  atomFeed,
  hostileRssFeed,
  rssFeed,
} from '@marquee/testbed';
import { NotAFeedError, cleanFeed } from './feedCleaner';

const AT = Date.UTC(2025, 0, 15, 12, 0, 0);
const URL = 'https://news.example/feed.xml';

describe('cleanFeed', () => {
  it('reads an RSS 2.0 feed', () => {
    const xml = rssFeed('Company news', [
      {
        title: 'Opening',
        text: 'The <b>new</b> office opens',
        image: 'https://cdn.example/a.jpg',
        published: '2025-01-14T09:00:00Z',
      },
      { title: 'Canteen', text: 'Soup &amp; bread' },
    ]);
    expect(cleanFeed(xml, URL, AT)).toEqual({
      title: 'Company news',
      fetchedAt: AT,
      items: [
        {
          title: 'Opening',
          text: 'The new office opens',
          image: 'https://cdn.example/a.jpg',
          published: Date.UTC(2025, 0, 14, 9),
        },
        { title: 'Canteen', text: 'Soup & bread' },
      ],
    });
  });

  it('reads an Atom feed with media thumbnails', () => {
    const xml = atomFeed('Lobby', [
      {
        title: 'Visitors',
        text: 'Welcome, <i>Acme</i>',
        image: 'https://cdn.example/v.png',
        published: '2025-01-15T08:00:00Z',
      },
    ]);
    expect(cleanFeed(xml, URL, AT)).toEqual({
      title: 'Lobby',
      fetchedAt: AT,
      items: [
        {
          title: 'Visitors',
          text: 'Welcome, Acme',
          image: 'https://cdn.example/v.png',
          published: Date.UTC(2025, 0, 15, 8),
        },
      ],
    });
  });

  it("takes an item's first <img> when it has no enclosure, resolved against the feed", () => {
    const xml = rssFeed('News', [
      { title: 'Pictured', text: 'See <img src="/img/p.png" onerror="x()"> here' },
    ]);
    expect(cleanFeed(xml, URL, AT).items[0]).toEqual({
      title: 'Pictured',
      text: 'See here',
      image: 'https://news.example/img/p.png',
    });
  });

  it('leaves nothing of a hostile feed but its words', () => {
    const clean = cleanFeed(hostileRssFeed(), URL, AT);
    expect(clean.items).toEqual([{ title: HOSTILE_TITLE, text: `${HOSTILE_TEXT} click` }]);
    const json = JSON.stringify(clean);
    for (const trace of [HOSTILE_GLOBAL, '<', 'javascript', 'onclick', 'onerror', 'iframe', 'alert']) {
      expect(json).not.toContain(trace);
    }
  });

  it('keeps at most 50 items and bounds every text', () => {
    const items = Array.from({ length: 80 }, (_, index) => ({
      title: `${index} ${'t'.repeat(400)}`,
      text: 'x'.repeat(5000),
    }));
    const clean = cleanFeed(rssFeed('Many', items), URL, AT);
    expect(clean.items).toHaveLength(50);
    expect(CleanFeedSchema.safeParse(clean).success).toBe(true);
    expect(clean.items[0]?.title.length).toBeLessThanOrEqual(300);
  });

  it('refuses what is not a feed', () => {
    expect(() => cleanFeed('<html><body>Not a feed</body></html>', URL, AT)).toThrow(NotAFeedError);
    expect(() => cleanFeed('{"json": true}', URL, AT)).toThrow(NotAFeedError);
    expect(() => cleanFeed('', URL, AT)).toThrow(NotAFeedError);
  });
});
