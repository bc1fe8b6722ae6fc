// Mode → API base URL (SPEC.md §1, DESIGN.md §8 "Mode"): 'edge' selects staging, anything else production.

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
