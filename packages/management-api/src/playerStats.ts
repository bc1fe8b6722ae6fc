// A screen's player's latest runtime stats as the studio reads them (docs/player.md §Stats): the record the player
// reported (protocol's PlayerStats) and when the server received it.

import { z } from 'zod';
import { PlayerStatsSchema } from '@marquee/protocol';

export const PlayerStatsViewSchema = z.object({
  ...PlayerStatsSchema.shape,
  /** When the server received the report (epoch ms). */
  reportedAt: z.number(),
});
export type PlayerStatsView = z.output<typeof PlayerStatsViewSchema>;
