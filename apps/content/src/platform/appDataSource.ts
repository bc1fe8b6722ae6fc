// Where the content player learns what to show (docs/data-model.md §Content manifest): the player's getAppData (its
// live value, or its local copy while offline), a realtime listen on players/{id}/app/data of its own, the player's
// 'appData' event if it sends one, and a poll of getAppData as the fallback that always works. Every source feeds
// one callback, tagged with its kind; the caller chooses between them (appDataChoice.ts). The realtime connection also tells whether
// the server is reachable and how far the server's clock is from this device's (the timeline follows the server's
// time: docs/schedules.md §Player behaviour).

import { createDatabase, onValue, ref, type Database, type Unsubscribe } from '@marquee/realtime';
import type { Bridge } from '@marquee/bridge';
import { INFO_CONNECTED_PATH, INFO_SERVER_TIME_OFFSET_PATH, playerBranchPath } from '@marquee/protocol';
import type { AppDataSourceKind } from './appDataChoice';
import type { PlayerApi } from './playerApi';
import type { ContentConfig } from './runtimeConfig';

/** How often getAppData is asked again: a change reaches the screen within this even without the realtime push. */
const APP_DATA_POLL_MS = 5000;
/** A fresh ID token is fetched this long before the current one expires. */
const TOKEN_REFRESH_MARGIN_MS = 60_000;

export interface AppDataSourceOptions {
  bridge: Bridge;
  api: PlayerApi;
  config: ContentConfig;
  onValue(value: unknown, source: AppDataSourceKind): void;
  onProblem(message: string): void;
  /** The realtime listen on app/data was refused or ended: its last value is no longer live. */
  onListenEnded?(): void;
  /** The realtime connection came up (true) or went down (false). */
  onConnected?(connected: boolean): void;
  /** The server's clock minus this device's, in ms, each time the realtime connection measures it. */
  onServerTimeOffset?(offsetMs: number): void;
  /** Whether to open the realtime listen (tests and the pairing page do without). */
  realtime?: boolean;
  clock?: () => number;
}

export function watchAppData(options: AppDataSourceOptions): () => void {
  const { bridge, api, config } = options;
  const clock = options.clock ?? Date.now;
  let stopped = false;
  let db: Database | null = null;
  const unlisten: Unsubscribe[] = [];

  const ask = () => {
    bridge.call('getAppData').then(
      (value) => !stopped && options.onValue(value, 'player'),
      (error: unknown) => !stopped && options.onProblem(`getAppData failed: ${String(error)}`),
    );
  };
  ask();
  const poll = setInterval(ask, APP_DATA_POLL_MS);
  const offEvent = bridge.on('appData', (value) => !stopped && options.onValue(value, 'player'));

  if (options.realtime !== false) {
    let token: { idToken: string; expiresAt: number } | null = null;
    const getToken = async (): Promise<string | null> => {
      if (token === null || clock() > token.expiresAt - TOKEN_REFRESH_MARGIN_MS) {
        const signedIn = await api.signIn();
        token =
          signedIn === null ? null : { idToken: signedIn.idToken, expiresAt: clock() + signedIn.expiresInMs };
      }
      return token?.idToken ?? null;
    };
    api
      .playerId()
      .then((playerId) => {
        if (stopped || playerId === null) return;
        // Throws for an id that is not one realtime key: reported below, nothing opened.
        const path = playerBranchPath(playerId, 'app', 'data');
        db = createDatabase({ url: config.realtimeUrl, restUrl: config.apiUrl, getToken, storage: null });
        unlisten.push(
          onValue(
            ref(db, path),
            (snapshot) => !stopped && options.onValue(snapshot.val(), 'realtime'),
            (error) => {
              options.onListenEnded?.();
              options.onProblem(`The realtime listen on app/data was refused: ${error.message}`);
            },
          ),
          onValue(ref(db, INFO_CONNECTED_PATH), (snapshot) => {
            if (!stopped) options.onConnected?.(snapshot.val() === true);
          }),
          onValue(ref(db, INFO_SERVER_TIME_OFFSET_PATH), (snapshot) => {
            const offset: unknown = snapshot.val();
            if (!stopped && typeof offset === 'number') options.onServerTimeOffset?.(offset);
          }),
        );
      })
      .catch((error: unknown) =>
        options.onProblem(`No player credentials for the realtime listen: ${String(error)}`),
      );
  }

  return () => {
    stopped = true;
    clearInterval(poll);
    offEvent();
    unlisten.forEach((stop) => stop());
    db?.close();
  };
}
