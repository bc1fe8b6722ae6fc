// The feed app of a zone (docs/layouts.md §Feeds): the server's cleaned copy of a feed, fetched, checked and kept
// here (useFeed.ts), drawn by @marquee/layout-view's FeedView, the face the studio's preview draws too.

import type { PlayerAppSpecOf, Timers } from '@marquee/protocol';
import { FeedView } from '@marquee/layout-view';
import { useFeed, type FeedLoader } from './useFeed';

export interface FeedAppProps {
  app: PlayerAppSpecOf<'feed'>;
  /** Whether the zone is on screen: the carousel turns only then. */
  active: boolean;
  /** Tests inject these; the defaults fetch and use the browser's timers. */
  load?: FeedLoader;
  timers?: Timers;
}

export function FeedApp({ app, active, load, timers }: FeedAppProps) {
  const feed = useFeed(app.src, load, timers);
  return <FeedView app={app} feed={feed} active={active} {...(timers === undefined ? {} : { timers })} />;
}
