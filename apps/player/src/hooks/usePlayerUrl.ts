// The frame's source (docs/player.md §Overview): app/url once paired, kept as __sc_player_url so a player
// that starts offline shows its content; the pairing URL while unpaired. Forced to https on an https page
// (docs/decisions.md, "https forcing").

import { useEffect, useMemo } from 'react';
import { forceHttps } from '@marquee/protocol';
import type { PlayerSession } from '../session/startPlayer';

export function resolveFrameUrl(
  appUrl: string | null | undefined,
  storedUrl: string | null,
  pairingUrl: string,
): string {
  if (typeof appUrl === 'string' && appUrl !== '') return appUrl;
  if (appUrl === null) return pairingUrl; // known to be unpaired
  return storedUrl ?? pairingUrl; // not known yet: what we showed last
}

export function usePlayerUrl(
  session: PlayerSession,
  appUrl: string | null | undefined,
  protocol: string,
): string {
  const { storage, config } = session;
  useEffect(() => {
    if (appUrl === undefined) return;
    storage.setPlayerUrl(typeof appUrl === 'string' && appUrl !== '' ? appUrl : null);
  }, [appUrl, storage]);
  return useMemo(
    () => forceHttps(resolveFrameUrl(appUrl, storage.getPlayerUrl(), config.pairingUrl), protocol),
    [appUrl, storage, config.pairingUrl, protocol],
  );
}
