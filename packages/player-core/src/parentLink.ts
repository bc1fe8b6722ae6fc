// What the player needs of its parent frame (docs/protocols/bridge.md §Parent methods): a bridge it can call. Calls
// on a parent that lacks a method, or no parent at all, answer null instead of failing the start-up.

import type { Logger } from './logger';

export interface ParentLink {
  call<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
}

/** `method` on the parent, or null when there is no parent or the call fails (logged at debug level). */
export async function callParent<T>(
  parent: ParentLink | null,
  method: string,
  args: unknown[] = [],
  logger?: Pick<Logger, 'debug'>,
): Promise<T | null> {
  if (parent === null) return null;
  try {
    return ((await parent.call<T>(method, ...args)) ?? null) as T | null;
  } catch (error) {
    logger?.debug(`parent ${method} failed`, (error as Error).message);
    return null;
  }
}
