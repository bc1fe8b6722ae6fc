// Which answer about app/data the content player takes when its sources disagree. The frame's own realtime listen
// is the live word of the server; the player's answers (its getAppData poll and 'appData' events) may be its
// offline copy, which stays behind while the player backs off before reconnecting — long after the frame's own
// connection is back. So a player answer counts only when it is new from the player (it changed since the
// player's previous answer) and the frame's listen is not live; versions are never compared, since a screen that
// is paired again starts its versions over (docs/data-model.md §Content manifest).

export type AppDataSourceKind = 'player' | 'realtime';

export interface AppDataChoice {
  /** Whether to take `text` (app/data as JSON) from `source`: false for a repeat or a stale answer. */
  offer(text: string, source: AppDataSourceKind): boolean;
  /** The frame's realtime connection went up or down: a listen is live from its first value until it goes down. */
  connected(up: boolean): void;
}

export function createAppDataChoice(): AppDataChoice {
  let taken: string | undefined;
  let lastFromPlayer: string | undefined;
  let live = false;
  return {
    offer(text, source) {
      if (source === 'realtime') live = true;
      else {
        if (text === lastFromPlayer) return false;
        lastFromPlayer = text;
        if (live) return false;
      }
      if (text === taken) return false;
      taken = text;
      return true;
    },
    connected(up) {
      if (!up) live = false;
    },
  };
}
