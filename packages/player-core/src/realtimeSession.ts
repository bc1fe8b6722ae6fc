// The realtime set-up both players share (docs/player.md §Identity session, docs/protocols/identity.md
// §Custom-token sign-in): an identity session signed in with the player's custom token, and a realtime database
// whose connection authenticates with that session's ID token once the sign-in is through. The database opens when
// first read, so the caller's start-up order decides (the general player: after the identity wait of
// docs/player.md §Start-up).

import { decodeApiToken, type AuthObject } from '@marquee/protocol';
import { createDatabase, type Database } from '@marquee/realtime';
import { createIdentitySession, type IdentityError, type IdentitySession } from './identitySession';
import type { Logger } from './logger';
import type { RuntimeConfig } from './runtimeConfig';
import type { StorageLike } from './storage';

export interface RealtimeSessionOptions {
  config: Pick<RuntimeConfig, 'identityUrl' | 'realtimeUrl' | 'apiUrl'>;
  auth: AuthObject;
  /** Where the identity session persists (null: memory only). */
  identityStorage: StorageLike | null;
  /** Where the realtime local copy lives; null for none (no offline reads). Default: the page's local storage. */
  localCopy?: StorageLike | null;
  /**
   * Keep a stored identity session of this same player instead of signing in again (the general player, which
   * must start offline). False: always sign in afresh (the meeting variant, which registers on every load).
   */
  reuseSession: boolean;
  /** Mobile devices get the identity service's longer network time-out. */
  mobile?: boolean;
  logger: Logger;
  onSignedOut: (error: IdentityError) => void;
}

export interface RealtimeSession {
  identity: IdentitySession;
  /** The realtime database on this identity, opened when first read (the caller's start-up order decides). */
  readonly db: Database;
  /** The player id of the API token. */
  tokenPlayerId: string;
  /** The signed-in uid; rejects with the identity service's error. */
  signIn: Promise<string>;
}

export function startRealtimeSession(options: RealtimeSessionOptions): RealtimeSession {
  const { config, auth, logger } = options;
  const identity = createIdentitySession({
    identityUrl: config.identityUrl,
    storage: options.identityStorage,
    ...(options.mobile === undefined ? {} : { mobile: options.mobile }),
    logger,
    onSignedOut: options.onSignedOut,
  });
  const tokenPlayerId = decodeApiToken(auth.apiToken).playerId;
  const reuse = options.reuseSession && identity.uid === tokenPlayerId;
  if (!reuse) identity.signOut();
  const signIn = reuse
    ? Promise.resolve(tokenPlayerId)
    : identity.signInWithCustomToken(auth.firebaseTokenV2).then((session) => session.uid);
  // Whoever awaits signIn handles its failure; this keeps an unawaited rejection from being reported twice.
  signIn.catch(() => {});
  let db: Database | null = null;
  const openDatabase = () =>
    createDatabase({
      url: config.realtimeUrl,
      restUrl: config.apiUrl,
      ...(options.localCopy === undefined ? {} : { storage: options.localCopy }),
      getToken: async () => {
        await signIn.catch(() => null);
        return identity.getIdToken();
      },
      logger,
    });
  return {
    identity,
    tokenPlayerId,
    signIn,
    get db() {
      db ??= openDatabase();
      return db;
    },
  };
}
