// Which screens a schedule or an override is for: screens by id, groups by id, or every screen of the organisation.
// Ids of another organisation are refused by the server exactly like ids that do not exist.

import { z } from 'zod';
import { GroupIdSchema, ScreenIdSchema } from './ids';

/** Screens or groups one rule names at most. */
export const MAX_TARGET_IDS = 20_000;

export const TargetsSchema = z
  .strictObject({
    screenIds: z.array(ScreenIdSchema).max(MAX_TARGET_IDS).optional(),
    groupIds: z.array(GroupIdSchema).max(MAX_TARGET_IDS).optional(),
    /** Every screen of the organisation, present and future. */
    all: z.boolean().optional(),
  })
  .refine(
    (targets) =>
      targets.all === true || (targets.screenIds?.length ?? 0) > 0 || (targets.groupIds?.length ?? 0) > 0,
    'must name screenIds, groupIds or all: true',
  )
  .transform((targets) => ({
    screenIds: [...new Set(targets.screenIds ?? [])],
    groupIds: [...new Set(targets.groupIds ?? [])],
    all: targets.all === true,
  }));
export type TargetsInput = z.input<typeof TargetsSchema>;
export type Targets = z.output<typeof TargetsSchema>;

export const TargetsViewSchema = z.object({
  screenIds: z.array(z.string()),
  groupIds: z.array(z.string()),
  all: z.boolean(),
});

/** A record another one names: its id and name, for 'used by' and 'applied by' lists. */
export const NamedRefSchema = z.object({ id: z.string(), name: z.string() });
export type NamedRef = z.output<typeof NamedRefSchema>;
