// Listens to paths of the player's document before the views that read them mount, so that their first values are
// on their way while the views render: on a weak screen the first render and effects take hundreds of ms, which
// would otherwise come before the listens are even sent (docs/player.md §Start-up timings). The realtime client keeps
// one listen per path: a view that listens later gets the value at once, and releasing these early listeners leaves
// the listen to the views (no unlisten is sent while a view still listens).

import { onValue, ref } from '@marquee/realtime';
import { playerValuePath, type PlayerValuePath, type RealtimeValueSource } from './useRealtimeValue';

/** Starts the listens; the returned function releases them (once; later calls do nothing). */
export function prelisten(source: RealtimeValueSource, paths: readonly PlayerValuePath[]): () => void {
  const releases: Array<() => void> = [];
  for (const path of paths) {
    try {
      releases.push(
        onValue(
          ref(source.db, playerValuePath(source.playerId, path)),
          () => {},
          () => {},
        ),
      );
    } catch (error) {
      source.logger.warn(`realtime listen ${path} refused`, (error as Error).message);
    }
  }
  return () => {
    for (const release of releases.splice(0)) release();
  };
}
