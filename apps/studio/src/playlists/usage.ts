// Where a playlist is used, in a few words: '2 schedules, 1 screen'.

import type { PlaylistUsage } from '../api/types';

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** Playlists and layouts are both used by schedules, overrides and screens. */
export type ContentUsage = Pick<PlaylistUsage, 'schedules' | 'overrides' | 'screens'>;

export function usageOf(usage: ContentUsage): string {
  const parts = [
    usage.schedules.length > 0 ? count(usage.schedules.length, 'schedule') : null,
    usage.overrides.length > 0 ? count(usage.overrides.length, 'override') : null,
    usage.screens.length > 0 ? count(usage.screens.length, 'screen') : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'Not used' : parts.join(', ');
}
