// Tells the player when a new app/data version is in effect here (the bridge event contentApplied), so its next
// heartbeat reports it at once rather than at the next minute (docs/player.md §Heartbeat). "Applied" means this
// frame has taken the manifest, its timeline included, as what decides what it shows.

import { useEffect } from 'react';
import type { Bridge } from '@marquee/bridge';

export function useContentApplied(bridge: Bridge | null, version: number | null): void {
  useEffect(() => {
    if (bridge !== null && version !== null) bridge.emit('contentApplied', { version });
  }, [bridge, version]);
}
