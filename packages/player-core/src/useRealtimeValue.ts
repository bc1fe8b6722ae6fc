// The value at players/{id}/{path}, live, for the players' React views: undefined until known (from the server or
// the local copy), then every change. Offline, the realtime client answers from its local copy
// (docs/protocols/realtime.md §Offline copy). Paths are protocol's typed player-document paths: a branch of
// docs/data-model.md §The player document, optionally with keys below it, built by playerBranchPath. Values are
// not checked against the document's schema here: that would put zod in the players' bundles (+10 kB gzip); each
// reader checks what it uses with protocol's zod-free rules (parseOrientation, parseLogLevel, nextActionFlag…).

import { useEffect, useState } from 'react';
import { playerBranchPath, type PlayerBranch } from '@marquee/protocol';
import { onValue, ref, type Database } from '@marquee/realtime';
import type { Logger } from './logger';

export interface RealtimeValueSource {
  db: Database;
  playerId: string;
  logger: Pick<Logger, 'warn'>;
}

/** A branch of the player document, or a path below one ('pairing/code', 'connection/id'). */
export type PlayerValuePath = PlayerBranch | `${PlayerBranch}/${string}`;

/** The realtime path of `path` in the player's document. Throws (invalid_path) unless every key is one realtime key. */
export function playerValuePath(playerId: string, path: PlayerValuePath): string {
  const [branch, ...below] = path.split('/') as [PlayerBranch, ...string[]];
  return playerBranchPath(playerId, branch, ...below);
}

export function useRealtimeValue<T = unknown>(
  source: RealtimeValueSource,
  path: PlayerValuePath,
): T | null | undefined {
  const [value, setValue] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    let at: string;
    try {
      at = playerValuePath(source.playerId, path);
    } catch (error) {
      // An id or key that is not one realtime key: nothing to listen to.
      source.logger.warn(`realtime listen ${path} refused`, (error as Error).message);
      return;
    }
    return onValue(
      ref(source.db, at),
      (snapshot) => setValue((snapshot.val() ?? null) as T | null),
      (error) => source.logger.warn(`realtime listen ${path} refused`, error.message),
    );
  }, [source, path]);
  return value;
}
