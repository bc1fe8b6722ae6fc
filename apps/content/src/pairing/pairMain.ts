// The pairing page's own entry (pair/index.html, served at /content/pair): plain DOM, no React, no content player,
// so an unpaired screen draws its code from a few KB (docs/player.md §Start-up timings).

import { markStartup } from '@marquee/protocol';
import { idleCommands, openPlayerLink } from '../platform/playerLink';
import { readContentConfig } from '../platform/runtimeConfig';
import { bridgedPlayerApi, reportUncaughtErrors } from '../platform/uncaughtErrors';
import { registerContentWorker } from '../sw/registerContentWorker';
import { mountPairingPage } from './pairingView';
import '../styles.css';

markStartup('frame-bundle', 'end');

// The content worker's install fetches and stores the content player's files (a few hundred KB): registered once
// the code is on screen, so that work does not compete with drawing it (docs/player.md §Start-up timings).
const WORKER_FALLBACK_MS = 10_000;
let workerRegistered = false;
function registerWorkerOnce(): void {
  if (workerRegistered) return;
  workerRegistered = true;
  registerContentWorker();
}

const root = document.getElementById('root');
if (root !== null) {
  const config = readContentConfig();
  markStartup('bridge', 'start');
  const link = openPlayerLink(window, () => idleCommands);
  reportUncaughtErrors(window, bridgedPlayerApi(config, link.bridge));
  const stop =
    link.bridge === null
      ? () => {}
      : mountPairingPage(root, link.bridge, config.studioUrl, registerWorkerOnce);
  // Without a code for a while (no player, no server), the worker is registered all the same.
  setTimeout(registerWorkerOnce, WORKER_FALLBACK_MS);
  void link.ready.then(async (state) => {
    if (state === 'connected') markStartup('bridge', 'end');
    if (state !== 'absent') return;
    registerWorkerOnce();
    // Opened outside a player (or the player never answered): the content page's notice, loaded only then.
    stop();
    const { showNoPlayer } = await import('./noPlayerNotice');
    showNoPlayer(root, `${config.apiUrl}/`);
  });
} else {
  registerWorkerOnce();
}
