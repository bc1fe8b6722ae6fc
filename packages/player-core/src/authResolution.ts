// Auth resolution (docs/player.md §Auth): stored auth or the parent's, copied to whichever side lacks it;
// an id query parameter that differs from the stored deviceId clears storage and re-registers under that id;
// otherwise a player without auth registers and stores the returned auth, also passing it to the parent.

import type { AuthObject } from '@marquee/protocol';
import type { Logger } from './logger';
import { callParent, type ParentLink } from './parentLink';
import { isAuthObject, type PlayerStorage } from './storage';

export interface ResolveAuthOptions {
  storage: PlayerStorage;
  parent: ParentLink | null;
  /** The id query parameter (protocol's readIdQueryParam), or null. */
  idParam: string | null;
  /** Registers under `deviceId`; may throw DuplicateHardwareError. */
  register: (deviceId: string) => Promise<AuthObject>;
  newDeviceId: () => string;
  logger?: Pick<Logger, 'info' | 'debug'>;
}

export interface ResolvedAuth {
  auth: AuthObject;
  deviceId: string;
  /** True when this start registered the player. */
  registered: boolean;
}

export async function resolveAuth(options: ResolveAuthOptions): Promise<ResolvedAuth> {
  const { storage, parent, idParam, logger } = options;
  let freshStart = false;
  if (idParam !== null && idParam !== storage.getDeviceId()) {
    logger?.info('id query parameter differs from the stored deviceId: clearing storage', { id: idParam });
    storage.clear();
    storage.setDeviceId(idParam);
    freshStart = true;
  }

  const local = storage.getAuth();
  // After a fresh start the parent's auth belongs to the previous device id.
  const fromParent = freshStart ? null : await callParent<unknown>(parent, 'getAuthData', [], logger);
  const parentAuth = isAuthObject(fromParent) ? fromParent : null;
  if (local !== null) {
    if (parentAuth === null || parentAuth.apiToken !== local.apiToken) {
      await callParent(parent, 'setAuthData', [local], logger);
    }
    return { auth: local, deviceId: ensureDeviceId(options), registered: false };
  }
  if (parentAuth !== null) {
    storage.setAuth(parentAuth);
    return { auth: parentAuth, deviceId: ensureDeviceId(options), registered: false };
  }

  const deviceId = ensureDeviceId(options);
  const auth = await options.register(deviceId);
  storage.setAuth(auth);
  await callParent(parent, 'setAuthData', [auth], logger);
  return { auth, deviceId, registered: true };
}

function ensureDeviceId({ storage, newDeviceId }: ResolveAuthOptions): string {
  const stored = storage.getDeviceId();
  if (stored !== null) return stored;
  const id = newDeviceId();
  storage.setDeviceId(id);
  return id;
}
