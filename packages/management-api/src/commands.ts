// Remote commands: an action flag raised on one screen's player, or on many screens at once.

import { z } from 'zod';
import { ActionFlagValueSchema } from '@marquee/protocol';
import { ScreenIdSchema } from './ids';

/** Screens named by one bulk command request at most. */
export const MAX_BULK_COMMAND_SCREENS = 100_000;

export const CommandRequestSchema = z.strictObject({
  /** One of the known action flags (protocol's ACTION_FLAG_PRIORITY). */
  command: z.string().max(64),
  /** The flag's value instead of true (the screenshot's parameter). */
  param: z.optional(ActionFlagValueSchema),
});
export type CommandRequest = z.input<typeof CommandRequestSchema>;

export const BulkCommandRequestSchema = CommandRequestSchema.extend({
  /** The screens to raise it on; omitted: every screen of the operator's organisation. */
  screenIds: z.optional(z.array(ScreenIdSchema).min(1).max(MAX_BULK_COMMAND_SCREENS)),
});
export type BulkCommandRequest = z.input<typeof BulkCommandRequestSchema>;

export const BulkCommandAnswerSchema = z.object({
  /** Number of screens the command was raised on. */
  raised: z.number(),
  commands: z.array(z.object({ id: z.string(), screenId: z.string(), playerId: z.string() })),
  /** Screens without a player (nothing raised on them). */
  skipped: z.array(z.string()),
});
export type BulkCommandAnswer = z.output<typeof BulkCommandAnswerSchema>;

export const CommandViewSchema = z.object({
  id: z.string(),
  command: z.string(),
  param: z.unknown(),
  state: z.enum(['pending', 'acknowledged']),
  raisedAt: z.number(),
  acknowledgedAt: z.number().nullable(),
});
export type CommandView = z.output<typeof CommandViewSchema>;

export const CommandListSchema = z.object({ commands: z.array(CommandViewSchema) });
