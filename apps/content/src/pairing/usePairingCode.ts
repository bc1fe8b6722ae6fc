// The code the player shows while unpaired. It is asked again every PAIRING_CODE_POLL_MS and taken from the
// player's 'pairingCode' event, so a code the server replaces shows up without a reload.

import { useEffect, useState } from 'react';
import type { Bridge } from '@marquee/bridge';
import { isPairingCode, normalizePairingCode } from '@marquee/protocol';

const PAIRING_CODE_POLL_MS = 2000;

export function usePairingCode(bridge: Bridge | null): string | null {
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    if (bridge === null) return;
    let live = true;
    const take = (value: unknown) => {
      if (!live) return;
      setCode(typeof value === 'string' && isPairingCode(value) ? normalizePairingCode(value) : null);
    };
    const ask = () => bridge.call('getPairingCode').then(take, () => {});
    void ask();
    const timer = setInterval(ask, PAIRING_CODE_POLL_MS);
    const off = bridge.on('pairingCode', take);
    return () => {
      live = false;
      clearInterval(timer);
      off();
    };
  }, [bridge]);
  return code;
}
