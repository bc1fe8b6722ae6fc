// Where a playlist is used, in a few words: '2 schedules, 1 screen'.

import type { PlaylistUsage } from '../api/types';

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

export function usageOf(usage: PlaylistUsage): string {
  const parts = [
    usage.schedules.length > 0 ? count(usage.schedules.length, 'schedule') : null,
    usage.overrides.length > 0 ? count(usage.overrides.length, 'override') : null,
    usage.screens.length > 0 ? count(usage.screens.length, 'screen') : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'Not used' : parts.join(', ');
}
