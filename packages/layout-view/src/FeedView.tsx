// The face of a feed app (docs/layouts.md §Feeds): a cleaned feed one item at a time (carousel) or as a list. The
// content player draws the copy it fetched and keeps (apps/content/src/apps/feed/), the studio's preview the one the
// server fetched for the editor, so both look the same. Everything shown is React text and the http(s) image
// addresses CleanFeedSchema checked; no markup from a feed is ever rendered. No items leave a calm, empty zone.

import type { CleanFeed, CleanFeedItem, Timers } from '@marquee/protocol';
import {
  FEED_DEFAULTS,
  feedBodyStyle,
  feedItemStyles,
  feedStyle,
  type FeedDisplay,
  type FeedViewOptions,
} from './feedStyle';
import { useCarousel } from './useCarousel';

export interface FeedViewProps {
  app: FeedViewOptions;
  /** Null or empty: nothing to show yet. */
  feed: CleanFeed | null;
  /** Whether the zone is on screen: the carousel turns only then. */
  active: boolean;
  timers?: Timers;
}

function FeedItemView(props: { item: CleanFeedItem; showImage: boolean; display: FeedDisplay }) {
  const { item, showImage, display } = props;
  const styles = feedItemStyles(display);
  return (
    <article className="feed-item" data-testid="feed-item" style={styles.item}>
      {showImage && item.image !== undefined && (
        <img
          className="feed-image"
          src={item.image}
          alt=""
          referrerPolicy="no-referrer"
          style={styles.image}
        />
      )}
      <div className="feed-words" style={styles.words}>
        {item.title !== '' && (
          <h2 className="feed-title" dir="auto" style={styles.title}>
            {item.title}
          </h2>
        )}
        {item.text !== '' && (
          <p className="feed-text" dir="auto" style={styles.text}>
            {item.text}
          </p>
        )}
      </div>
    </article>
  );
}

function FeedCarousel(props: {
  items: CleanFeedItem[];
  intervalMs: number;
  active: boolean;
  showImages: boolean;
  timers?: Timers;
}) {
  const index = useCarousel(props.items.length, props.intervalMs, props.active, props.timers);
  const item = props.items[index];
  return item === undefined ? null : (
    <FeedItemView key={index} item={item} showImage={props.showImages} display="carousel" />
  );
}

export function FeedView({ app, feed, active, timers }: FeedViewProps) {
  const items = (feed?.items ?? []).slice(0, app.maxItems ?? FEED_DEFAULTS.maxItems);
  const display = app.display ?? FEED_DEFAULTS.display;
  const showImages = app.showImages ?? FEED_DEFAULTS.showImages;
  return (
    <section
      className={`feed-app feed-${display}`}
      style={feedStyle(app)}
      data-app="feed"
      data-testid="feed-app"
    >
      <div className="feed-body" style={feedBodyStyle(app, display)}>
        {items.length === 0 ? (
          <div className="feed-empty" data-testid="feed-empty" />
        ) : display === 'list' ? (
          items.map((item, index) => (
            <FeedItemView key={index} item={item} showImage={showImages} display="list" />
          ))
        ) : (
          <FeedCarousel
            items={items}
            intervalMs={app.itemDurationMs ?? FEED_DEFAULTS.itemDurationMs}
            active={active}
            showImages={showImages}
            {...(timers === undefined ? {} : { timers })}
          />
        )}
      </div>
    </section>
  );
}
