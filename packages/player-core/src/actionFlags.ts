// The action-flag runner (docs/player.md §Action flags): one pending flag at a
// time, in protocol's priority order (nextActionFlag). Every flag but reset_credentials is acknowledged through
// POST /_internal/players/{id}/{action} first and then carried out; reset_credentials is answered by the
// credentials rotation itself, which clears the flag on the server. A flag without a handler here — unknown, or a
// capability this platform lacks — is logged ('Command not implemented' / unsupported) and still acknowledged.

import {
  COMMAND_NOT_IMPLEMENTED_MESSAGE,
  isKnownActionFlag,
  nextActionFlag,
  type KnownActionFlag,
} from '@marquee/protocol';
import type { Logger } from './logger';
import { defaultTimers, type Timers } from './timers';

const UNSUPPORTED_COMMAND_MESSAGE = 'Command not supported on this platform';
/** After a failed acknowledgement the flag is tried again this much later (it stays pending on the server). */
const ACK_RETRY_MS = 30_000;

export type ActionFlagHandler = (param: unknown) => unknown;
export type ActionFlagHandlers = Partial<Record<KnownActionFlag, ActionFlagHandler>>;

export interface ActionFlagRunnerOptions {
  handlers: ActionFlagHandlers;
  acknowledge: (name: string) => Promise<unknown>;
  logger: Pick<Logger, 'warn' | 'error' | 'info'>;
  timers?: Timers;
}

export interface ActionFlagRunner {
  /** The latest value of action_flags (null when none). */
  update(flags: Readonly<Record<string, unknown>> | null): void;
  /** Resolves when no flag is running. */
  idle(): Promise<void>;
  stop(): void;
}

export function actionPath(playerId: string, action: string): string {
  return `/_internal/players/${encodeURIComponent(playerId)}/${action}`;
}

export function createActionFlagRunner(options: ActionFlagRunnerOptions): ActionFlagRunner {
  const timers = options.timers ?? defaultTimers;
  let flags: Record<string, unknown> = {};
  /** Flags taken in this page that the server has not cleared yet: never run twice. */
  const taken = new Set<string>();
  let running: Promise<void> | null = null;
  let stopped = false;
  const retryTimers = new Set<unknown>();

  const pending = (): Record<string, unknown> =>
    Object.fromEntries(Object.entries(flags).filter(([name]) => !taken.has(name)));

  const run = async (name: string, param: unknown): Promise<void> => {
    const handler = isKnownActionFlag(name) ? options.handlers[name] : undefined;
    if (name !== 'reset_credentials') {
      if (handler === undefined) {
        options.logger.warn(
          isKnownActionFlag(name) ? UNSUPPORTED_COMMAND_MESSAGE : COMMAND_NOT_IMPLEMENTED_MESSAGE,
          {
            action: name,
          },
        );
      }
      try {
        await options.acknowledge(name);
      } catch (error) {
        options.logger.warn(
          `action ${name}: acknowledgement failed, retrying later`,
          (error as Error).message,
        );
        const retry = timers.setTimeout(() => {
          retryTimers.delete(retry);
          taken.delete(name);
          drain();
        }, ACK_RETRY_MS);
        retryTimers.add(retry);
        return;
      }
    }
    if (handler === undefined) {
      if (name === 'reset_credentials') options.logger.warn(UNSUPPORTED_COMMAND_MESSAGE, { action: name });
      return;
    }
    options.logger.info(`action ${name}`, param);
    try {
      await handler(param);
    } catch (error) {
      options.logger.error(`action ${name} failed`, (error as Error).message);
      // reset_credentials was not acknowledged: let it be tried again after the retry delay
      if (name === 'reset_credentials') {
        const retry = timers.setTimeout(() => {
          retryTimers.delete(retry);
          taken.delete(name);
          drain();
        }, ACK_RETRY_MS);
        retryTimers.add(retry);
      }
    }
  };

  const drain = (): void => {
    if (running !== null || stopped) return;
    const next = nextActionFlag(pending());
    if (next === null) return;
    taken.add(next.name);
    running = run(next.name, next.param).finally(() => {
      running = null;
      drain();
    });
  };

  return {
    update(value) {
      flags = value !== null && typeof value === 'object' ? { ...value } : {};
      // A flag the server cleared may be raised again later: forget it once it is gone.
      for (const name of [...taken]) if (!(name in flags)) taken.delete(name);
      drain();
    },
    async idle() {
      while (running !== null) await running;
    },
    stop() {
      stopped = true;
      for (const timer of retryTimers) timers.clearTimeout(timer);
      retryTimers.clear();
    },
  };
}
