// Start-up of the meeting-room player (docs/meeting-room.md §Start-up): logging, the hardware id (the id query
// parameter, else the stored deviceId), registration with platform 'meet' on every page load (so a device an
// operator blocked gets its 403 at once; any other failure is logged and the stored auth goes on), monitoring,
// then the identity and the realtime connection. Runs once per page load.

import { createBridge, type Bridge } from '@marquee/bridge';
import {
  DEFAULT_PLAYER_NAME,
  MEET_DEFAULT_MAKE,
  MEET_ERROR_SERVICE_NAME,
  MEET_MODEL,
  MEET_PLATFORM,
  MEET_VERSION,
  decodeApiToken,
  playerBranchPath,
  type AuthObject,
  type MeetDevice,
} from '@marquee/protocol';
import {
  BlockedPlayerError,
  apiBaseUrl,
  createHttpClient,
  createLogger,
  createPlayerStorage,
  logStart,
  newDeviceId,
  pageRuntimeConfig,
  registerPlayer,
  startRealtimeSession,
  type HttpClient,
  type IdentitySession,
  type Logger,
  type PlayerStorage,
  type RuntimeConfig,
} from '@marquee/player-core';
import type { Database } from '@marquee/realtime';
import { localCopyWithout } from './localCopy';

export interface MeetSession {
  readonly config: RuntimeConfig;
  readonly logger: Logger;
  readonly storage: PlayerStorage;
  readonly http: HttpClient;
  /** The bridge to the page around the player, when it is framed (it may never answer: a screen-saver frame). */
  readonly parent: Bridge | null;
  /** The host platform named in the URL (`?platform=zoom`), or 'meet'. */
  readonly hostPlatform: string;
  readonly device: MeetDevice;
  readonly playerId: string;
  readonly identity: IdentitySession;
  readonly db: Database;
  auth(): AuthObject;
  /** Replaces the stored auth (the credentials rotation). */
  setAuth(auth: AuthObject): void;
  reload(): void;
}

export type MeetStartResult = { kind: 'ready'; session: MeetSession | null } | { kind: 'blocked' };

interface MeetEnvironment {
  window: Window;
  reload: () => void;
}

/** The host platform of `?platform=` (zoom, mtr, webos…), lower-cased; 'meet' when none is named. */
export function hostPlatformOf(search: string): string {
  const named = new URLSearchParams(search).get('platform') ?? '';
  return /^[a-z0-9_-]{1,32}$/i.test(named) ? named.toLowerCase() : MEET_PLATFORM;
}

export async function startMeet({ window: win, reload }: MeetEnvironment): Promise<MeetStartResult> {
  const config = pageRuntimeConfig();
  const storage = createPlayerStorage(safeLocalStorage(win));
  const logger = createLogger({ service: MEET_ERROR_SERVICE_NAME, level: () => storage.getLogLevel() });
  logStart(logger, { service: MEET_ERROR_SERVICE_NAME, mode: config.mode, version: MEET_VERSION });
  const hostPlatform = hostPlatformOf(win.location.search);
  const parent =
    win.parent === win
      ? null
      : createBridge({
          target: win.parent,
          targetOrigin: '*',
          allowAnyOrigin: true,
          onError: (error) => logger.debug('parent bridge', (error as Error).message),
        });
  // A screen-saver frame never answers: the player runs without a parent and asks it nothing it waits for.
  parent?.connect().catch((error: Error) => logger.info('no parent interface', error.message));

  // The hardware id: the id query parameter if non-empty, else the stored deviceId (docs/meeting-room.md §Start-up).
  const { meetHardwareId, readIdQueryParam } = await import('./idParam');
  const idParam = readIdQueryParam(win.location.search);
  if (idParam !== null && idParam !== storage.getDeviceId()) storage.clear();
  const deviceId = meetHardwareId(idParam, storage.getDeviceId()) ?? newDeviceId();
  storage.setDeviceId(deviceId);
  const device: MeetDevice = {
    id: deviceId,
    make: MEET_DEFAULT_MAKE,
    model: MEET_MODEL,
    platform: MEET_PLATFORM,
  };

  let auth = storage.getAuth();
  const http = createHttpClient({
    baseUrl: apiBaseUrl(config),
    getToken: () => auth?.apiToken ?? null,
    logger,
  });
  let registered = false;
  try {
    auth = await registerPlayer(
      http,
      { name: DEFAULT_PLAYER_NAME, ...storage.getSettings() },
      { id: deviceId, model: MEET_MODEL, platform: MEET_PLATFORM, hardwareId: deviceId },
      { authorization: auth?.apiToken ?? null },
    );
    storage.setAuth(auth);
    registered = true;
  } catch (error) {
    if (error instanceof BlockedPlayerError) return { kind: 'blocked' };
    logger.error('registration failed', (error as Error).message);
  }
  if (auth === null) return { kind: 'ready', session: null };
  let current = auth;
  // Loaded on demand: nothing of it is needed for the first paint.
  void import('./monitoring').then(({ startMonitoring }) =>
    startMonitoring({ service: MEET_ERROR_SERVICE_NAME, logger, http, events: win }),
  );

  // Every subscription keeps its offline copy but connection/id, which is compared live with this page's own.
  // A registration rotated the credentials, and with them the stored identity session: sign in afresh. Without
  // one (offline, refused) the stored session is still good, and it renews itself once the network is back.
  const tokenPlayerId = decodeApiToken(current.apiToken).playerId;
  const pageStorage = safeLocalStorage(win);
  const { identity, db, signIn } = startRealtimeSession({
    config,
    auth: current,
    identityStorage: pageStorage,
    localCopy:
      pageStorage === null
        ? null
        : localCopyWithout(pageStorage, [playerBranchPath(tokenPlayerId, 'connection', 'id')]),
    reuseSession: !registered,
    logger,
    onSignedOut: (error) => logger.warn('signed out by the identity provider', error.code),
  });
  const playerId = tokenPlayerId;
  signIn.catch((error: unknown) => logger.warn('identity sign-in failed', (error as Error).message));
  return {
    kind: 'ready',
    session: {
      config,
      logger,
      storage,
      http,
      parent,
      hostPlatform,
      device,
      playerId,
      identity,
      db,
      auth: () => current,
      setAuth(next) {
        current = next;
        auth = next;
        storage.setAuth(next);
      },
      reload,
    },
  };
}

function safeLocalStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}
