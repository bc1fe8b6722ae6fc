// How a feed app looks, from its options (docs/layouts.md §Feeds): text size in percent of the zone's height (the
// feed's box is a size container, so cqh units inside it follow the zone), colours, weight and slant, the defaults of
// what is unset, and the layout of one item or a list.

import type { CSSProperties } from 'react';
import type { PlayerAppSpecOf } from '@marquee/protocol';

/** What the face of a feed app is drawn from: its options, without the addresses it is fetched from. */
export type FeedViewOptions = Omit<PlayerAppSpecOf<'feed'>, 'type' | 'url' | 'src'>;
export type FeedDisplay = NonNullable<FeedViewOptions['display']>;

export const FEED_DEFAULTS = {
  display: 'carousel',
  maxItems: 10,
  itemDurationMs: 10_000,
  showImages: true,
  /** Percent of the zone's height. */
  fontSize: 6,
  color: '#ffffff',
} as const;

/** The zone-sized box: a size container, coloured; text options are inherited from it. */
export function feedStyle(app: FeedViewOptions): CSSProperties {
  return {
    containerType: 'size',
    width: '100%',
    height: '100%',
    overflow: 'hidden',
    color: app.color ?? FEED_DEFAULTS.color,
    ...(app.background === undefined ? {} : { background: app.background }),
    fontWeight: app.bold === true ? 700 : 400,
    fontStyle: app.italic === true ? 'italic' : 'normal',
  };
}

/** Inside the container: its type in percent of the zone's height, the items laid out. */
export function feedBodyStyle(app: FeedViewOptions, display: FeedDisplay): CSSProperties {
  return {
    fontSize: `${app.fontSize ?? FEED_DEFAULTS.fontSize}cqh`,
    width: '100%',
    height: '100%',
    boxSizing: 'border-box',
    padding: '3cqh 3cqw',
    lineHeight: 1.25,
    overflow: 'hidden',
    ...(display === 'list' ? { display: 'flex', flexDirection: 'column', gap: '2cqh' } : {}),
  };
}

/** The parts of one item, by display. */
export function feedItemStyles(display: FeedDisplay) {
  const list = display === 'list';
  return {
    item: (list
      ? { display: 'flex', gap: '2cqw', alignItems: 'flex-start' }
      : { display: 'flex', gap: '3cqw', height: '100%', alignItems: 'center' }) satisfies CSSProperties,
    image: {
      flex: '0 0 auto',
      maxWidth: list ? '15%' : '40%',
      maxHeight: list ? '12cqh' : '100%',
      objectFit: 'cover',
    } satisfies CSSProperties,
    words: { minWidth: 0, overflow: 'hidden' } satisfies CSSProperties,
    title: {
      margin: '0 0 0.3em',
      fontSize: '1.2em',
      fontWeight: list ? 'inherit' : 700,
    } satisfies CSSProperties,
    text: {
      margin: 0,
      display: '-webkit-box',
      WebkitBoxOrient: 'vertical',
      WebkitLineClamp: list ? 2 : 6,
      overflow: 'hidden',
    } satisfies CSSProperties,
  };
}
