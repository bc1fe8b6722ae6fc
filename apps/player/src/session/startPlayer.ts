// Start-up of the general player, in the order of docs/player.md §Start-up: logging; the framed-environment wait
// (chromeos only); auth; the realtime connection. Orientation, the frame's bridge interface and the heartbeat
// follow as hooks of the mounted App, in that order. Everything here is player-core put together; nothing is UI.

import type { Bridge } from '@marquee/bridge';
import { DEFAULT_PLAYER_NAME, IDENTITY_WAIT_MS, markStartup, type AuthObject } from '@marquee/protocol';
import {
  DuplicateHardwareError,
  IdentityError,
  apiBaseUrl,
  LOG_LINES_PATH,
  callParent,
  createHttpClient,
  createLogShipper,
  createLogger,
  createPlayerStorage,
  logStart,
  newDeviceId,
  pageRuntimeConfig,
  prelisten,
  registerPlayer,
  resolveAuth,
  startRealtimeSession,
  type DeviceHardware,
  type HttpClient,
  type IdentitySession,
  type Logger,
  type PlayerStorage,
  type RuntimeConfig,
} from '@marquee/player-core';
import type { Database } from '@marquee/realtime';
import { mayNameIdParam } from './idParamHint';
import { PLAYER_VALUE_PATHS } from './playerValuePaths';
import { connectParent, type ParentConnection } from './parentBridge';
import { BROWSER_MODEL, mergeCapabilities, platformOf, type Capabilities } from './platform';

export const SERVICE_NAME = 'marquee-player';
/** Identity answers that mean the stored credentials are gone for good: register again. */
const STALE_CREDENTIAL_CODES = ['INVALID_CUSTOM_TOKEN', 'USER_NOT_FOUND', 'USER_DISABLED', 'TOKEN_EXPIRED'];

export interface PlayerSession {
  readonly config: RuntimeConfig;
  readonly logger: Logger;
  readonly storage: PlayerStorage;
  readonly http: HttpClient;
  /** The bridge to the wrapper around the player, when there is one. */
  readonly parent: Bridge | null;
  readonly platform: string;
  readonly model: string;
  readonly capabilities: Capabilities;
  readonly hardware: DeviceHardware | null;
  readonly deviceId: string;
  readonly playerId: string;
  readonly identity: IdentitySession;
  readonly db: Database;
  /** Epoch ms of the page start (uptime). */
  readonly startedAt: number;
  auth(): AuthObject;
  /** Stores new auth here and at the parent (credentials rotation). */
  setAuth(auth: AuthObject): Promise<void>;
  reload(): void;
  /** Ends the start-up's early listens (playerValuePaths.ts) once the Player's own listens hold those paths. */
  releasePrelistens(): void;
}

export type StartResult =
  { kind: 'ready'; session: PlayerSession } | { kind: 'duplicate'; hardwareId: string | null };

export interface StartEnvironment {
  window: Window;
  reload: () => void;
}

/** Logged when reading the device info the duplicate-screen check needs from the parent fails. */
const DUPLICATE_SCREEN_CHECK = 'Duplicate Screen Check';

export async function startPlayer({ window: win, reload }: StartEnvironment): Promise<StartResult> {
  const startedAt = Date.now();
  // The id parameter's reader is a chunk of its own (idParam.ts): fetched now, while the parent and the device are
  // asked, rather than after them (auth needs it only in step 3); not at all when the query names no id.
  const idParamModule = mayNameIdParam(win.location.search) ? import('./idParam') : null;
  // 1. Logging.
  const config = pageRuntimeConfig();
  let parentLink: ParentConnection | null = null;
  // Whatever the player stores is passed on to its parent, cleaned (docs/player.md §Local storage).
  const storage = createPlayerStorage(safeLocalStorage(win), {
    onWrite: (key, value) => parentLink?.passOn(key, value),
  });
  const logger = createLogger({ service: SERVICE_NAME, level: () => storage.getLogLevel() });
  logStart(logger, { service: SERVICE_NAME, mode: config.mode, version: config.version });
  const platform = platformOf(win.location.search);

  // 2. The framed environment.
  parentLink = await connectParent(win, platform, storage, logger);
  const { parent } = parentLink;
  const toParent = parentLink;
  logger.addSink((line) => {
    if (line.level === 'error' || line.level === 'warn') toParent.log(line);
  });
  // The hardware id and the device info feed the duplicate-screen check: a failed read is logged under its name.
  const deviceInfo = <T>(method: string) =>
    parent === null
      ? Promise.resolve(null)
      : parent.call<T>(method).then(
          (value) => value ?? null,
          (error: Error) => {
            logger.warn(DUPLICATE_SCREEN_CHECK, `${method} failed: ${error.message}`);
            return null;
          },
        );
  const [model, hardwareIdFromParent, metadata, hardware] = await Promise.all([
    callParent<string>(parent, 'getModel', [], logger),
    // Skipped when the no-hardware-id flag is stored (docs/player.md §Auth).
    storage.getNoHardwareId() ? Promise.resolve(null) : deviceInfo<string>('getHardwareId'),
    callParent<unknown>(parent, 'getMetadata', [], logger),
    deviceInfo<DeviceHardware>('getDeviceInfo'),
  ]);
  const capabilities = mergeCapabilities(metadata);

  // 3. Auth.
  let currentAuth: AuthObject | null = null;
  const http = createHttpClient({
    baseUrl: apiBaseUrl(config),
    getToken: () => currentAuth?.apiToken ?? null,
    logger,
  });
  const idParam = idParamModule === null ? null : (await idParamModule).readIdQueryParam(win.location.search);
  let resolved;
  try {
    resolved = await resolveAuth({
      storage,
      parent,
      idParam,
      newDeviceId: () => newDeviceId(),
      logger,
      register: (deviceId) => {
        markStartup('registration', 'start');
        // Read now, after a fresh start cleared the previous device's settings.
        const registered = registerPlayer(
          http,
          { name: DEFAULT_PLAYER_NAME, ...storage.getSettings() },
          {
            id: deviceId,
            model: typeof model === 'string' && model !== '' ? model : BROWSER_MODEL,
            platform,
            hardwareId:
              typeof hardwareIdFromParent === 'string' && hardwareIdFromParent !== ''
                ? hardwareIdFromParent
                : null,
          },
        );
        void registered.then(
          () => markStartup('registration', 'end'),
          () => {},
        );
        return registered;
      },
    });
  } catch (error) {
    if (error instanceof DuplicateHardwareError) return { kind: 'duplicate', hardwareId: error.hardwareId };
    throw error;
  }
  currentAuth = resolved.auth;
  // Warnings and errors reach the logging service, batched.
  const shipper = createLogShipper({
    service: SERVICE_NAME,
    send: (batch) => http.request('POST', LOG_LINES_PATH, { body: batch }),
  });
  logger.addSink(shipper.sink);

  // The identity session, kept across reloads: the player must start offline.
  markStartup('sign-in', 'start');
  const realtime = startRealtimeSession({
    config,
    auth: resolved.auth,
    identityStorage: safeLocalStorage(win),
    reuseSession: true,
    mobile: /Android|iPhone|iPad|Mobile/i.test(win.navigator.userAgent),
    logger,
    onSignedOut: (error) => {
      logger.warn('signed out by the identity provider', error.code);
      reload();
    },
  });
  const { identity, tokenPlayerId, signIn } = realtime;
  void signIn.then(
    () => markStartup('sign-in', 'end'),
    () => {},
  );
  // Step 4 is the sign-in and the connection: the realtime socket opens now, beside the sign-in, and authenticates
  // once the sign-in is through (its token provider waits for it).
  markStartup('realtime', 'start');
  const { db } = realtime;
  // The Player's listens go out with the socket's authentication, not after its first render and effects: under the
  // id of the auth entry, which the sign-in confirms (docs/player.md §Start-up timings).
  const releasePrelistens = prelisten(
    { db, playerId: tokenPlayerId, logger },
    Object.values(PLAYER_VALUE_PATHS),
  );
  signIn.catch((error: unknown) => {
    if (error instanceof IdentityError && STALE_CREDENTIAL_CODES.includes(error.code)) {
      // The player was deleted or its credentials replaced elsewhere: register again.
      logger.warn('stored credentials refused: registering again', error.code);
      storage.remove('auth');
      reload();
    } else {
      logger.warn('identity sign-in failed', (error as Error).message);
    }
  });
  // docs/player.md §Start-up: without an identity within 4.5 s, the id stored under the auth entry is used.
  const playerId = await Promise.race([
    signIn.catch(() => tokenPlayerId),
    new Promise<string>((resolve) => win.setTimeout(() => resolve(tokenPlayerId), IDENTITY_WAIT_MS)),
  ]);

  return {
    kind: 'ready',
    session: {
      config,
      logger,
      storage,
      http,
      parent,
      platform,
      model: typeof model === 'string' && model !== '' ? model : BROWSER_MODEL,
      capabilities,
      hardware: hardware !== null && typeof hardware === 'object' ? hardware : null,
      deviceId: resolved.deviceId,
      playerId,
      identity,
      db,
      startedAt,
      auth: () => currentAuth ?? resolved.auth,
      async setAuth(auth) {
        currentAuth = auth;
        storage.setAuth(auth);
        await callParent(parent, 'setAuthData', [auth], logger);
      },
      reload,
      releasePrelistens,
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
