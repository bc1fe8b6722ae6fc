// The cleaned copies of feeds that screens show (docs/layouts.md §Feeds). GET /feeds/{id} answers the stored copy;
// when it is older than the refresh interval it is fetched again first, once however many screens ask: requests on
// this node share one fetch, and across nodes the row's checked_at is claimed with a compare-and-set, so only the
// node that moved it fetches (the others answer the copy they have). A failed refresh keeps the last good copy,
// records why and logs a warning; a feed never fetched successfully answers an empty feed.
// preview() serves the studio's editor (GET /api/v1/feeds/preview) an address no saved layout has registered yet:
// the same fetch and cleaning, its answer (a feed or why not) kept briefly in a small in-memory cache by address.

import type { Kysely } from 'kysely';
import { CleanFeedSchema, type CleanFeed } from '@marquee/protocol';
import type { Database, Feed } from '../db/schema';
import { invalid, notFound } from '../domain/errors';
import { redactUrl } from '../logger';
import { cleanFeed, NotAFeedError } from './feedCleaner';
import { FeedFetchError, fetchFeedText, type FeedFetchLimits } from './feedFetcher';

export const DEFAULT_FEED_REFRESH_MS = 5 * 60 * 1000;
/** How long a preview's answer, a feed or why not, is reused for the same address. */
export const FEED_PREVIEW_CACHE_MS = 60_000;
/** Addresses whose preview answers are kept; the oldest goes first. */
export const FEED_PREVIEW_CACHE_SIZE = 100;

/** What a feed without a good copy answers: no title, no items, never fetched. */
export const EMPTY_FEED: CleanFeed = { title: '', items: [], fetchedAt: 0 };

export interface FeedLog {
  warn(message: string): void;
}

export interface FeedServiceOptions {
  db: Kysely<Database>;
  clock: () => number;
  limits: FeedFetchLimits & { refreshMs: number };
  log: FeedLog;
}

export class FeedService {
  /** This node's refreshes under way, by feed id. */
  private readonly refreshing = new Map<string, Promise<void>>();
  /** The previews' answers by address, oldest first; a fetch under way is shared by whoever asks meanwhile. */
  private readonly previews = new Map<string, { at: number; answer: Promise<CleanFeed> }>();

  constructor(private readonly options: FeedServiceOptions) {}

  /**
   * The feed at `url` cleaned as screens get it, for a layout not saved yet; a feed that cannot be read is refused
   * (invalid FEED_UNREADABLE, field url) with the reason.
   */
  async preview(url: string): Promise<CleanFeed> {
    const now = this.options.clock();
    const cached = this.previews.get(url);
    if (cached !== undefined && now - cached.at < FEED_PREVIEW_CACHE_MS) return cached.answer;
    const answer = this.fetchClean(url).catch((error: unknown) => {
      if (error instanceof FeedFetchError || error instanceof NotAFeedError) {
        throw invalid('FEED_UNREADABLE', `The feed could not be read: ${error.message}`, 'url');
      }
      throw error;
    });
    // Kept rejected too (a feed that is down is not asked again at once); nobody may be waiting on it.
    answer.catch(() => {});
    this.previews.delete(url);
    this.previews.set(url, { at: now, answer });
    for (const oldest of this.previews.keys()) {
      if (this.previews.size <= FEED_PREVIEW_CACHE_SIZE) break;
      this.previews.delete(oldest);
    }
    return answer;
  }

  /** One fetch of `url` and its cleaning (docs/layouts.md §Feeds); throws FeedFetchError or NotAFeedError. */
  private async fetchClean(url: string): Promise<CleanFeed> {
    return cleanFeed(await fetchFeedText(url, this.options.limits), url, this.options.clock());
  }

  /** The feed's cleaned copy, refreshed first when it is stale; not_found for an unknown id. */
  async cleanCopy(feedId: string): Promise<CleanFeed> {
    const row = await this.row(feedId);
    // A refresh this node has under way already moved checked_at: the request waits for it like the first one.
    const running = this.refreshing.get(feedId);
    if (running === undefined && !this.isStale(row)) return this.copyOf(row);
    await (running ?? this.refresh(row));
    return this.copyOf(await this.row(feedId));
  }

  private async row(feedId: string): Promise<Feed> {
    const row = await this.options.db
      .selectFrom('feeds')
      .selectAll()
      .where('id', '=', feedId)
      .executeTakeFirst();
    if (row === undefined) throw notFound('feed_not_found', 'There is no feed with this id.', 'id');
    return row;
  }

  private isStale(row: Feed): boolean {
    return row.checked_at === null || this.options.clock() - row.checked_at >= this.options.limits.refreshMs;
  }

  /** The stored copy; a missing or unreadable one (bad stored data) is the empty feed. */
  private copyOf(row: Feed): CleanFeed {
    if (row.body === null) return EMPTY_FEED;
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.body);
    } catch {
      parsed = undefined;
    }
    const checked = CleanFeedSchema.safeParse(parsed);
    if (checked.success) return checked.data;
    this.options.log.warn(`feed ${row.id}: the stored copy is not a valid feed; answering an empty one`);
    return EMPTY_FEED;
  }

  private refresh(row: Feed): Promise<void> {
    const running = this.refreshing.get(row.id);
    if (running !== undefined) return running;
    const run = this.claimAndFetch(row).finally(() => this.refreshing.delete(row.id));
    this.refreshing.set(row.id, run);
    return run;
  }

  private async claimAndFetch(row: Feed): Promise<void> {
    const { db, clock, log } = this.options;
    const claimed = await db
      .updateTable('feeds')
      .set({ checked_at: clock() })
      .where('id', '=', row.id)
      .where((eb) =>
        row.checked_at === null ? eb('checked_at', 'is', null) : eb('checked_at', '=', row.checked_at),
      )
      .executeTakeFirst();
    // Another node moved checked_at first: it fetches, and this one answers the copy it has.
    if (Number(claimed.numUpdatedRows) !== 1) return;
    try {
      const feed = await this.fetchClean(row.url);
      await db
        .updateTable('feeds')
        .set({ body: JSON.stringify(feed), fetched_at: feed.fetchedAt, error: null })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.updateTable('feeds').set({ error: reason }).where('id', '=', row.id).execute();
      log.warn(
        `feed ${row.id} (${redactUrl(row.url)}) could not be refreshed: ${reason}; screens keep the last good copy`,
      );
    }
  }
}
