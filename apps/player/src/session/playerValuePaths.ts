// The branches of its document the running player reads (components/Player.tsx), named once: the start-up listens
// to them early (startPlayer, player-core's prelisten) and the Player's views take over those listens.

import type { PlayerValuePath } from '@marquee/player-core';

export const PLAYER_VALUE_PATHS = {
  pairingCode: 'pairing/code',
  appUrl: 'app/url',
  appData: 'app/data',
  settings: 'settings',
  actionFlags: 'action_flags',
  logging: 'logging',
} as const satisfies Record<string, PlayerValuePath>;
