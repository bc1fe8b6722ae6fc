// Shapes shared by the core modules.

import type { ClientMessage, ErrorAnswer, OkAnswer } from '@marquee/protocol';

type WithoutId<T> = T extends unknown ? Omit<T, 'r'> : never;

/** A client request before the connection gives it its id. */
export type Request = WithoutId<ClientMessage>;
export type Answer = OkAnswer | ErrorAnswer;

export interface Logger {
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}
