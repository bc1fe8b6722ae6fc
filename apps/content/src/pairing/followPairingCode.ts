// The code the player shows while unpaired. It is asked again every PAIRING_CODE_POLL_MS and taken from the
// player's 'pairingCode' event, so a code the server replaces shows up without a reload. Plain code: the pairing
// page's own entry (pairMain.ts) runs without React.

import type { Bridge } from '@marquee/bridge';
import { isPairingCode, markStartup, normalizePairingCode } from '@marquee/protocol';

const PAIRING_CODE_POLL_MS = 2000;

/** Calls `onCode` with each code (null: none yet); returns the stop function. */
export function followPairingCode(bridge: Bridge, onCode: (code: string | null) => void): () => void {
  let live = true;
  const take = (value: unknown) => {
    if (!live) return;
    markStartup('get-pairing-code', 'end');
    if (isPairingCode(value)) markStartup('pairing-code-shown', 'start');
    onCode(typeof value === 'string' && isPairingCode(value) ? normalizePairingCode(value) : null);
  };
  const ask = () => {
    markStartup('get-pairing-code', 'start');
    return bridge.call('getPairingCode').then(take, () => {});
  };
  void ask();
  const timer = setInterval(ask, PAIRING_CODE_POLL_MS);
  const off = bridge.on('pairingCode', take);
  return () => {
    live = false;
    clearInterval(timer);
    off();
  };
}
