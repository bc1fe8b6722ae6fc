// An RSS 2.0 or Atom document turned into a CleanFeed (docs/layouts.md §Feeds): the feed's title and at most
// FEED_MAX_ITEMS items, each a plain-text title and text, an http(s) image when the item has one and its date.
// Nothing else of the document (markup, links, scripts, attributes) reaches a screen.

import { parseFeed } from '@rowanmanning/feed-parser';
import {
  CleanFeedSchema,
  FEED_MAX_ITEMS,
  FEED_TEXT_MAX_LENGTH,
  FEED_TITLE_MAX_LENGTH,
  type CleanFeed,
  type CleanFeedItem,
} from '@marquee/protocol';
import { firstImage, httpAddress, plainText } from './feedText';

type ParsedFeed = ReturnType<typeof parseFeed>;
type FeedItem = ParsedFeed['items'][number];

/** The document is no RSS or Atom feed a screen could show. */
export class NotAFeedError extends Error {
  constructor(reason: string) {
    super(`not an RSS or Atom feed: ${reason}`);
    this.name = 'NotAFeedError';
  }
}

/**
 * An item's picture, in this order: an image enclosure or media:content, a media thumbnail, the item's own image,
 * the first <img> of its content or description. Only http(s) addresses count; relative ones resolve against
 * `base` (the feed's address).
 */
function itemImage(item: FeedItem, base: string): string | null {
  for (const media of item.media) {
    const candidate = media.type === 'image' ? media.url : media.image;
    const address = httpAddress(candidate, base);
    if (address !== null) return address;
  }
  return (
    httpAddress(item.image?.url, base) ?? firstImage(item.content, base) ?? firstImage(item.description, base)
  );
}

function cleanItem(item: FeedItem, base: string): CleanFeedItem | null {
  const title = plainText(item.title, FEED_TITLE_MAX_LENGTH);
  // The summary reads better on a screen than a whole article; the content stands in when there is none.
  const text = plainText(item.description ?? item.content, FEED_TEXT_MAX_LENGTH);
  if (title === '' && text === '') return null;
  const image = itemImage(item, base);
  const published = (item.published ?? item.updated)?.getTime();
  return {
    title,
    text,
    ...(image === null ? {} : { image }),
    ...(published === undefined || !Number.isSafeInteger(published) ? {} : { published }),
  };
}

/** The feed in `xml` (fetched from `url` at `fetchedAt`) cleaned; throws NotAFeedError when it is none. */
export function cleanFeed(xml: string, url: string, fetchedAt: number): CleanFeed {
  let parsed: ParsedFeed;
  try {
    parsed = parseFeed(xml);
  } catch (error) {
    throw new NotAFeedError(error instanceof Error ? error.message : String(error));
  }
  const items: CleanFeedItem[] = [];
  for (const item of parsed.items) {
    const clean = cleanItem(item, url);
    if (clean !== null) items.push(clean);
    if (items.length === FEED_MAX_ITEMS) break;
  }
  const feed = { title: plainText(parsed.title, FEED_TITLE_MAX_LENGTH), items, fetchedAt };
  // The same check the players make: a copy the server stores is one every player accepts.
  const checked = CleanFeedSchema.safeParse(feed);
  if (!checked.success) throw new NotAFeedError('its cleaned form is not valid');
  return checked.data;
}
