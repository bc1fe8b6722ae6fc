// Mode → API base URL (docs/player.md §Overview; docs/decisions.md, "Mode"): 'edge' selects staging, any other
// mode production.

export const MODES = ['production', 'edge'] as const;
export type Mode = (typeof MODES)[number];

export const STAGING_MODE: Mode = 'edge';

export interface ApiUrls {
  productionApiUrl: string;
  stagingApiUrl: string;
}

export function apiUrlForMode(mode: unknown, { productionApiUrl, stagingApiUrl }: ApiUrls): string {
  return mode === STAGING_MODE ? stagingApiUrl : productionApiUrl;
}
