// The player record at players/{playerId} (SPEC.md §3, DESIGN.md §2). Every part is optional: the database keeps
// no empty nodes, so an unpaired player has no app and a paired one no pairing.

import * as z from 'zod/mini';
import { ACTION_NAME_PATTERN } from './actionFlags';
import { AppDataSchema } from './appData';
import { ConnectionRecordSchema } from './connectionRecord';
import { LOG_LEVELS, PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from './constants';
import { OverriddenPlayerSchema } from './overriddenPlayer';
import { TOKEN_MAX_LENGTH, URL_MAX_LENGTH, boundedString, httpUrl, nonEmptyString } from './schemaText';
import { SettingsSchema } from './settings';

// Stored codes are normalised (upper case, no spaces), unlike what an operator types (see pairingCode.ts).
const STORED_PAIRING_CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

export const LogLevelSchema = z.literal(Object.values(LOG_LEVELS));
export type LogLevel = z.infer<typeof LogLevelSchema>;

export const LoggingSchema = z.object({ logLevel: LogLevelSchema });
export type Logging = z.infer<typeof LoggingSchema>;

/** A pending command's value: true, or a parameter (the screenshot's). */
export const ActionFlagValueSchema = z.union([z.literal(true), boundedString(URL_MAX_LENGTH), z.number()]);

export const ActionFlagsSchema = z.record(
  z.string().check(z.regex(ACTION_NAME_PATTERN)),
  ActionFlagValueSchema,
);
export type ActionFlags = z.infer<typeof ActionFlagsSchema>;

export const PlayerAppSchema = z.object({
  /** The content player URL of the paired screen; absent while unpaired. */
  url: z.optional(httpUrl()),
  data: z.optional(AppDataSchema),
  /** Meeting variant: the token from which the frame source is derived. */
  token: z.optional(nonEmptyString(TOKEN_MAX_LENGTH)),
});
export type PlayerApp = z.infer<typeof PlayerAppSchema>;

export const PlayerRecordSchema = z.object({
  pairing: z.optional(z.object({ code: z.string().check(z.regex(STORED_PAIRING_CODE)) })),
  app: z.optional(PlayerAppSchema),
  settings: z.optional(SettingsSchema),
  action_flags: z.optional(ActionFlagsSchema),
  connection: z.optional(ConnectionRecordSchema),
  logging: z.optional(LoggingSchema),
  overridden_player: z.optional(OverriddenPlayerSchema),
});
export type PlayerRecord = z.infer<typeof PlayerRecordSchema>;
