// Update channel of the web player (docs/player.md §Settings).

import { CANARY_HOSTNAME_MARKER } from './constants';

export const UPDATE_CHANNELS = ['canary', 'stable', 'local'] as const;
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number];

/** The build environment whose players follow the stable channel; any other (development) is 'local'. */
export const PRODUCTION_ENVIRONMENT = 'production';

/** 'canary' when the hostname contains '.canary.', else 'stable' in production and 'local' otherwise. */
export function updateChannel({
  hostname,
  environment,
}: {
  hostname: string;
  environment: string;
}): UpdateChannel {
  // Hostnames are case-insensitive; URL parsing lower-cases them, a raw value may not be.
  if (hostname.toLowerCase().includes(CANARY_HOSTNAME_MARKER)) return 'canary';
  return environment === PRODUCTION_ENVIRONMENT ? 'stable' : 'local';
}
