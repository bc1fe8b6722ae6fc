// Stored data passed on to the parent (docs/player.md §Local storage): the parent's storageSet receives the
// player's stored keys cleaned by the stored-data cleaning rule (protocol's cleanStoredData), so the credentials,
// the identity session and the realtime copy never leave the player this way (auth has setAuthData of its own).

import { cleanStoredData } from '@marquee/protocol';
import type { Logger } from './logger';
import { callParent, type ParentLink } from './parentLink';

/** Calls storageSet(key, value) on the parent for every entry of `data` that survives cleaning (null: removed). */
export function passStoredData(
  parent: ParentLink,
  data: Readonly<Record<string, unknown>>,
  logger?: Pick<Logger, 'debug'>,
): Promise<void> {
  const calls = Object.entries(cleanStoredData(data)).map(([key, value]) =>
    callParent(parent, 'storageSet', [key, value], logger),
  );
  return Promise.all(calls).then(() => undefined);
}
