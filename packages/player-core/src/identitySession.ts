// The identity session (docs/player.md §Identity session; docs/protocols/identity.md §Tokens): sign in with the
// custom token at {identityUrl}/accounts:signInWithCustomToken, keep the ID token fresh by a form-encoded refresh at
// {identityUrl}/token 5 minutes before it expires, back off 30 s doubling to 16 minutes when a refresh fails,
// treat the token as expired 30 s early, time requests out after 30 s (60 s on mobile), and sign out when the
// provider reports the account disabled or the token expired. The session is persisted under the auth provider's
// storage-key prefix, so stored-data cleaning (protocol's cleanStoredData) drops it.

import {
  AUTH_PROVIDER_KEY_PREFIX,
  IDENTITY_EXPIRY_MARGIN_MS,
  IDENTITY_NETWORK_TIMEOUT_MOBILE_MS,
  IDENTITY_NETWORK_TIMEOUT_MS,
  IDENTITY_REFRESH_BACKOFF_MAX_MS,
  IDENTITY_REFRESH_BACKOFF_START_MS,
  IDENTITY_REFRESH_BEFORE_EXPIRY_MS,
  decodeJwtPart,
} from '@marquee/protocol';
import type { Logger } from './logger';
import type { StorageLike } from './storage';
import { defaultTimers, systemClock, type Clock, type TimerHandle, type Timers } from './timers';

export const IDENTITY_SESSION_KEY = `${AUTH_PROVIDER_KEY_PREFIX}authUser:marquee:[DEFAULT]`;
/** Provider answers after which the session is over: the user must sign in again. */
const SIGN_OUT_CODES = ['USER_DISABLED', 'TOKEN_EXPIRED'] as const;

export class IdentityError extends Error {
  /** The provider's code ('USER_DISABLED', …), 'NETWORK_REQUEST_FAILED' or 'TIMEOUT_EXCEEDED'. */
  readonly code: string;
  constructor(code: string, message = code) {
    super(message);
    this.name = 'IdentityError';
    this.code = code;
  }
}

export interface StoredIdentity {
  uid: string;
  idToken: string;
  refreshToken: string;
  /** Epoch ms at which the ID token expires. */
  expiresAt: number;
}

export interface IdentitySessionOptions {
  identityUrl: string;
  storage: Pick<StorageLike, 'getItem' | 'setItem' | 'removeItem'> | null;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  clock?: Clock;
  timers?: Timers;
  /** Mobile devices get the longer network time-out. */
  mobile?: boolean;
  logger?: Pick<Logger, 'warn'>;
  /** Called once the provider ended the session (disabled account, expired token). */
  onSignedOut?: (error: IdentityError) => void;
}

export interface IdentitySession {
  readonly uid: string | null;
  signInWithCustomToken(token: string): Promise<StoredIdentity>;
  /** A valid ID token, refreshed first when it is (about to be) expired; null when signed out. */
  getIdToken(): Promise<string | null>;
  signOut(): void;
  /** Stops the refresh timer. */
  close(): void;
}

function uidOf(idToken: string): string {
  const claims = decodeJwtPart(idToken, 1) as { sub?: unknown; user_id?: unknown } | null;
  const uid = claims?.sub ?? claims?.user_id;
  if (typeof uid !== 'string' || uid === '') throw new IdentityError('INVALID_ID_TOKEN');
  return uid;
}

function readStored(storage: IdentitySessionOptions['storage']): StoredIdentity | null {
  try {
    const value = JSON.parse(
      storage?.getItem(IDENTITY_SESSION_KEY) ?? 'null',
    ) as Partial<StoredIdentity> | null;
    if (
      value &&
      typeof value.uid === 'string' &&
      typeof value.idToken === 'string' &&
      typeof value.refreshToken === 'string' &&
      typeof value.expiresAt === 'number'
    ) {
      return value as StoredIdentity;
    }
  } catch {
    // unreadable: signed out
  }
  return null;
}

export function createIdentitySession(options: IdentitySessionOptions): IdentitySession {
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? defaultTimers;
  const doFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const timeoutMs = options.mobile ? IDENTITY_NETWORK_TIMEOUT_MOBILE_MS : IDENTITY_NETWORK_TIMEOUT_MS;
  let current = readStored(options.storage);
  let refreshTimer: TimerHandle | undefined;
  let backoffMs = IDENTITY_REFRESH_BACKOFF_START_MS;
  let refreshing: Promise<string | null> | null = null;
  let closed = false;

  const persist = (identity: StoredIdentity | null) => {
    current = identity;
    try {
      if (identity === null) options.storage?.removeItem(IDENTITY_SESSION_KEY);
      else options.storage?.setItem(IDENTITY_SESSION_KEY, JSON.stringify(identity));
    } catch {
      // the session still lives in memory
    }
  };

  const post = async (path: string, body: string, contentType: string): Promise<Record<string, unknown>> => {
    const controller = typeof AbortController === 'undefined' ? null : new AbortController();
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller?.abort();
    }, timeoutMs);
    try {
      let response: Response;
      try {
        response = await doFetch(`${options.identityUrl}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': contentType },
          body,
          signal: controller?.signal ?? null,
        });
      } catch {
        throw timedOut
          ? new IdentityError('TIMEOUT_EXCEEDED', 'timeout exceeded')
          : new IdentityError('NETWORK_REQUEST_FAILED', 'network request failed');
      }
      const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) {
        const message = (data.error as { message?: unknown } | undefined)?.message;
        const code =
          typeof message === 'string' ? (message.split(' ')[0] ?? message) : `HTTP_${response.status}`;
        throw new IdentityError(code, typeof message === 'string' ? message : code);
      }
      return data;
    } finally {
      timers.clearTimeout(timer);
    }
  };

  const schedule = () => {
    if (refreshTimer !== undefined) timers.clearTimeout(refreshTimer);
    refreshTimer = undefined;
    if (closed || current === null) return;
    const delay = Math.max(0, current.expiresAt - IDENTITY_REFRESH_BEFORE_EXPIRY_MS - clock());
    refreshTimer = timers.setTimeout(() => void refresh().catch(() => {}), delay);
  };

  const retryLater = () => {
    if (refreshTimer !== undefined) timers.clearTimeout(refreshTimer);
    if (closed || current === null) return;
    const delay = backoffMs;
    backoffMs = Math.min(backoffMs * 2, IDENTITY_REFRESH_BACKOFF_MAX_MS);
    refreshTimer = timers.setTimeout(() => void refresh().catch(() => {}), delay);
  };

  const accept = (idToken: string, refreshToken: string, expiresIn: unknown): StoredIdentity => {
    const seconds = Number(expiresIn);
    const identity: StoredIdentity = {
      uid: uidOf(idToken),
      idToken,
      refreshToken,
      expiresAt: clock() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000,
    };
    persist(identity);
    backoffMs = IDENTITY_REFRESH_BACKOFF_START_MS;
    schedule();
    return identity;
  };

  const signOut = (error?: IdentityError) => {
    if (refreshTimer !== undefined) timers.clearTimeout(refreshTimer);
    refreshTimer = undefined;
    const wasSignedIn = current !== null;
    persist(null);
    if (error && wasSignedIn) options.onSignedOut?.(error);
  };

  const refresh = (): Promise<string | null> => {
    if (refreshing) return refreshing;
    const session = current;
    if (session === null) return Promise.resolve(null);
    refreshing = (async () => {
      try {
        const body = `grant_type=refresh_token&refresh_token=${encodeURIComponent(session.refreshToken)}`;
        const data = await post('/token', body, 'application/x-www-form-urlencoded');
        return accept(String(data.id_token), String(data.refresh_token), data.expires_in).idToken;
      } catch (error) {
        const identityError = error instanceof IdentityError ? error : new IdentityError('INTERNAL_ERROR');
        if ((SIGN_OUT_CODES as readonly string[]).includes(identityError.code)) {
          signOut(identityError);
        } else {
          options.logger?.warn('identity: token refresh failed, retrying later', identityError.code);
          retryLater();
        }
        throw identityError;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };

  schedule();

  return {
    get uid() {
      return current?.uid ?? null;
    },
    async signInWithCustomToken(token) {
      const data = await post(
        '/accounts:signInWithCustomToken',
        JSON.stringify({ token, returnSecureToken: true }),
        'application/json',
      );
      return accept(String(data.idToken), String(data.refreshToken), data.expiresIn);
    },
    async getIdToken() {
      if (current === null) return null;
      if (clock() < current.expiresAt - IDENTITY_EXPIRY_MARGIN_MS) return current.idToken;
      return refresh();
    },
    signOut: () => signOut(),
    close() {
      closed = true;
      if (refreshTimer !== undefined) timers.clearTimeout(refreshTimer);
      refreshTimer = undefined;
    },
  };
}
