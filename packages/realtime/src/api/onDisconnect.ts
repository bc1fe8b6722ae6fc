// onDisconnect: writes the hub runs when this client's socket closes or goes silent. They are armed again after
// every reconnect until cancelled; each promise settles with the hub's first answer.

import { repoOf } from './database';
import { writableSegments, type DatabaseReference } from './reference';

export interface OnDisconnect {
  set(value: unknown): Promise<void>;
  update(values: object): Promise<void>;
  remove(): Promise<void>;
  /** Disarms every action at or below this path. */
  cancel(): Promise<void>;
}

export function onDisconnect(reference: DatabaseReference): OnDisconnect {
  const repo = repoOf(reference.db);
  const run = (action: (segments: string[]) => Promise<void>): Promise<void> => {
    try {
      return action(writableSegments(reference));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return {
    set: (value) => run((segments) => repo.onDisconnectSet(segments, value)),
    update: (values) => run((segments) => repo.onDisconnectUpdate(segments, values)),
    remove: () => run((segments) => repo.onDisconnectSet(segments, null)),
    cancel: () => run((segments) => repo.onDisconnectCancel(segments)),
  };
}
