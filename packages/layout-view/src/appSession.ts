// The host side of the app API (docs/apps.md), the content player's and the studio preview's: a bridge to one app
// frame, pinned to the app URL's origin, that answers getContext() and done() and tells the app `start` when it
// comes on screen and `stop` when it leaves. An app may load (and subscribe) before or after it comes on screen, and
// may reload: `start` goes to whichever instance is listening while the app is visible, once per visible spell. The
// host never calls the app, so nothing here can wait on it or time out.

import { createBridge, type Bridge, type BridgeSelf, type BridgeTarget, type Timers } from '@marquee/bridge';
import type { AppContext } from './appContext';

export interface AppSessionOptions {
  /** The app frame's window. */
  target: BridgeTarget;
  /** The app URL's origin: messages from anywhere else are ignored. '*' for an opaque one (appFrameAccess.ts). */
  origin: string;
  self?: BridgeSelf;
  timers?: Timers;
  context(): AppContext;
  /** The app called done() while on screen. */
  onDone(): void;
  /** A problem worth a line in the log; never thrown. */
  onProblem(message: string): void;
}

export interface AppSession {
  /** Whether the app is on screen. */
  setActive(active: boolean): void;
  /** Ends the app's slot in place and begins it again: `stop`, then `start`. */
  restart(): void;
  close(): void;
}

export function openAppSession(options: AppSessionOptions): AppSession {
  let active = false;
  /** Whether the listening instance was told `start` in this visible spell. */
  let started = false;
  const start = () => {
    if (active && !started) started = bridge.emit('start');
  };
  const stop = () => {
    if (started) bridge.emit('stop');
    started = false;
  };
  const bridge: Bridge = createBridge({
    target: options.target,
    targetOrigin: options.origin,
    allowAnyOrigin: options.origin === '*',
    ...(options.self === undefined ? {} : { self: options.self }),
    ...(options.timers === undefined ? {} : { timers: options.timers }),
    expose: {
      getContext: () => options.context(),
      done: () => {
        // A preloaded app is not in its slot yet: it has nothing to end.
        if (!active) throw new Error('the app is not on screen');
        options.onDone();
        return null;
      },
    },
    // A reloaded app is a new instance that has been told nothing.
    onConnect: () => {
      started = false;
    },
    onSubscribe: (type) => {
      if (type === 'start') start();
    },
    onError: (error) => options.onProblem(`the app's bridge: ${String(error)}`),
  });
  return {
    setActive(next) {
      if (next === active) return;
      active = next;
      if (active) start();
      else stop();
    },
    restart() {
      if (!active) return;
      stop();
      start();
    },
    close() {
      stop();
      bridge.close();
    },
  };
}
