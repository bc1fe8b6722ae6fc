// The overridden player (SPEC.md §4 "Overridden player"): the node players/{id}/overridden_player names a
// websocket pair; the player connects (the first URL on WebOS or on a plain-http page, else the second), passes
// every JSON message on, reconnects every 5 s after a failure, at most 3 times. Loaded on demand: protocol's
// message parser carries zod, which the first load does without.

import {
  WEBSOCKET_MAX_RECONNECT_ATTEMPTS,
  WEBSOCKET_RECONNECT_INTERVAL_MS,
  parseOverriddenPlayerMessage,
  splitWebsocketPair,
  type OverriddenPlayer,
} from '@marquee/protocol';
import { defaultTimers, type Logger, type Timers } from '@marquee/player-core';

export const NO_WEBSOCKET_URL_MESSAGE = 'No websocket URL provided';
export const NO_OVERRIDDEN_PLAYER_MESSAGE = 'No overridden player provided';
export const MAX_RECONNECT_MESSAGE = 'Max reconnect attempts reached';

export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface OverriddenPlayerOptions {
  /** The overridden_player node as the database holds it. */
  value: unknown;
  /** WebOS devices and plain-http pages take the first (plain) URL of the pair. */
  plain: boolean;
  /** Every valid message, the node's own included. */
  onMessage: (message: OverriddenPlayer) => void;
  logger: Pick<Logger, 'error' | 'info'>;
  openSocket?: (url: string) => SocketLike;
  timers?: Timers;
}

/** Whether the websocket pair's plain URL applies: on WebOS or when the page came over plain http. */
export function usesPlainSocket(userAgent: string, protocol: string, hostPlatform: string): boolean {
  return /web0s|webos/i.test(userAgent) || hostPlatform === 'webos' || protocol === 'http:';
}

/** Connects for `value`; returns the function that closes the socket and stops reconnecting. */
export function connectOverriddenPlayer(options: OverriddenPlayerOptions): () => void {
  const { logger, onMessage } = options;
  const timers = options.timers ?? defaultTimers;
  const openSocket = options.openSocket ?? ((url: string) => new WebSocket(url));
  if (options.value === null || options.value === undefined || options.value === '') {
    logger.error(NO_OVERRIDDEN_PLAYER_MESSAGE);
    return () => {};
  }
  const node = parseOverriddenPlayerMessage(options.value);
  if (!node.ok) {
    logger.error(node.error);
    return () => {};
  }
  const { websocket, ...rest } = node.value;
  if (rest.href !== undefined || rest.action !== undefined) onMessage(rest);
  const pair = splitWebsocketPair(websocket);
  if (pair === null) {
    logger.error(NO_WEBSOCKET_URL_MESSAGE);
    return () => {};
  }
  const url = options.plain ? pair[0] : pair[1];

  let stopped = false;
  let socket: SocketLike | null = null;
  let retry: unknown;
  let attempts = 0;
  const connect = () => {
    socket = openSocket(url);
    socket.onopen = () => {
      attempts = 0;
      logger.info('overridden player connected', url);
    };
    socket.onmessage = (event) => {
      const message = parseOverriddenPlayerMessage(event.data);
      if (message.ok) onMessage(message.value);
      else logger.error(message.error);
    };
    // A failed or dropped socket always ends in close: reconnect from there, once per socket.
    socket.onclose = () => {
      socket = null;
      if (stopped) return;
      if (attempts >= WEBSOCKET_MAX_RECONNECT_ATTEMPTS) {
        logger.error(MAX_RECONNECT_MESSAGE);
        return;
      }
      attempts += 1;
      retry = timers.setTimeout(connect, WEBSOCKET_RECONNECT_INTERVAL_MS);
    };
  };
  connect();
  return () => {
    stopped = true;
    timers.clearTimeout(retry);
    const open = socket;
    socket = null;
    open?.close();
  };
}
