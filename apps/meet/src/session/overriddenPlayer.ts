// The overridden player (docs/meeting-room.md §Overridden player): the node players/{id}/overridden_player names a
// websocket pair; the player connects (the first URL on WebOS or on a plain-http page, else the second), passes
// every JSON message on, reconnects 5 s after a socket failure, at most 3 attempts in all. Loaded on demand: protocol's
// message parser carries zod, which the first load does without.

import {
  WEBSOCKET_MAX_RECONNECT_ATTEMPTS,
  WEBSOCKET_RECONNECT_INTERVAL_MS,
  parseOverriddenPlayerMessage,
  splitWebsocketPair,
  type OverriddenPlayer,
} from '@marquee/protocol';
import { defaultTimers, type Logger, type Timers } from '@marquee/player-core';

const NO_WEBSOCKET_URL_MESSAGE = 'No websocket URL provided';
const NO_OVERRIDDEN_PLAYER_MESSAGE = 'No overridden player provided';
const MAX_RECONNECT_MESSAGE = 'Max reconnect attempts reached';

export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

interface OverriddenPlayerOptions {
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
  // Attempts in all, for the life of this value: an open does not give them back, so a server that accepts and
  // then fails over and over ends in giving up like one that never answers.
  let attempts = 0;
  const connect = () => {
    const current = openSocket(url);
    socket = current;
    let failed = false;
    current.onopen = () => logger.info('overridden player connected', url);
    current.onmessage = (event) => {
      const message = parseOverriddenPlayerMessage(event.data);
      if (message.ok) onMessage(message.value);
      else logger.error(message.error);
    };
    // Only a failure reconnects, once per socket however many events it fires: an error, or a close without a
    // close frame (a dropped connection, on which Chromium fires no error). A clean close is the server's say.
    const fail = () => {
      if (stopped || failed) return;
      failed = true;
      if (attempts >= WEBSOCKET_MAX_RECONNECT_ATTEMPTS) {
        logger.error(MAX_RECONNECT_MESSAGE);
        return;
      }
      attempts += 1;
      retry = timers.setTimeout(connect, WEBSOCKET_RECONNECT_INTERVAL_MS);
    };
    current.onerror = fail;
    current.onclose = (event) => {
      if (socket === current) socket = null;
      if (event.wasClean === false) fail();
      else if (!stopped && !failed) logger.info('overridden player closed', url);
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
