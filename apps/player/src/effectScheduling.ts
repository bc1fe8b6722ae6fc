// When the player's effects run. Preact runs them after the next animation frame, or 100 ms later where none comes.
// A signage window can be hidden or covered, where Chromium stops animation frames and throttles timers (to once a
// minute after five minutes hidden): a remote command, a new content URL or a settings change handled in an effect
// would wait as long. React runs effects from a MessageChannel task, which is neither stopped nor throttled; the
// player keeps that timing with Preact (docs/player.md §Start-up timings).

import { options } from 'preact';

export function runEffectsFromTasks(): void {
  const channel = new MessageChannel();
  const queued: Array<() => void> = [];
  channel.port1.onmessage = () => {
    for (const callback of queued.splice(0)) callback();
  };
  options.requestAnimationFrame = (callback) => {
    queued.push(callback);
    if (queued.length === 1) channel.port2.postMessage(null);
  };
}
