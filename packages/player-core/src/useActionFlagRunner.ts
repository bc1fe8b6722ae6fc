// Remote action flags (docs/player.md §Action flags) for the players' React views: players/{id}/action_flags drives
// one runner for the session's life, which takes the flags one at a time in priority order, calls the latest
// handlers and acknowledges each flag through the player API. A flag without a handler is acknowledged and logged.

import { useEffect, useRef } from 'react';
import {
  actionPath,
  createActionFlagRunner,
  type ActionFlagHandlers,
  type ActionFlagRunner,
} from './actionFlags';
import type { HttpClient } from './httpClient';
import type { Logger } from './logger';

export interface ActionFlagSession {
  http: Pick<HttpClient, 'request'>;
  playerId: string;
  logger: Logger;
}

/** `handlers` may change on every render; the set of flag names it handles is read once per session. */
export function useActionFlagRunner(
  session: ActionFlagSession,
  handlers: ActionFlagHandlers,
  flags: unknown,
): void {
  const latest = useRef(handlers);
  const runner = useRef<ActionFlagRunner | null>(null);
  useEffect(() => {
    latest.current = handlers;
  }, [handlers]);
  useEffect(() => {
    const proxy: ActionFlagHandlers = {};
    for (const name of Object.keys(latest.current) as (keyof ActionFlagHandlers)[]) {
      proxy[name] = (param) => latest.current[name]?.(param);
    }
    runner.current = createActionFlagRunner({
      handlers: proxy,
      acknowledge: (name) => session.http.request('POST', actionPath(session.playerId, name)),
      logger: session.logger,
    });
    return () => {
      runner.current?.stop();
      runner.current = null;
    };
  }, [session]);
  useEffect(() => {
    if (flags === undefined) return;
    runner.current?.update(
      flags !== null && typeof flags === 'object' ? (flags as Record<string, unknown>) : null,
    );
  }, [flags]);
}
