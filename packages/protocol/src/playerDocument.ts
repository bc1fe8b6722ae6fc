// The player's realtime document at players/{playerId} (docs/data-model.md §The player document): its one schema,
// branch by branch, and the typed paths that name it. Every branch is optional: the database keeps no empty nodes,
// so an unpaired player has no app and a paired one no pairing. Unknown members inside a branch are tolerated (as
// z.object does), known ones must fit.

import * as z from 'zod/mini';
import { ACTION_NAME_PATTERN } from './actionFlags';
import { AppDataSchema } from './appData';
import { ConnectionRecordSchema } from './connectionRecord';
import { LOG_LEVELS, PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from './constants';
import { DeviceRecordSchema } from './deviceRecord';
import { hasOwn } from './hasOwn';
import { OverriddenPlayerSchema } from './overriddenPlayer';
import { TOKEN_MAX_LENGTH, URL_MAX_LENGTH, boundedString, httpUrl, nonEmptyString } from './schemaText';
import { SettingsSchema } from './settings';

// Stored codes are normalised (upper case, no spaces), unlike what an operator types (see pairingCode.ts).
const STORED_PAIRING_CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

export const PairingSchema = z.object({ code: z.string().check(z.regex(STORED_PAIRING_CODE)) });

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

/** The whole document, as read back with restoreArrays. */
export const PlayerDocumentSchema = z.object({
  pairing: z.optional(PairingSchema),
  app: z.optional(PlayerAppSchema),
  settings: z.optional(SettingsSchema),
  action_flags: z.optional(ActionFlagsSchema),
  connection: z.optional(ConnectionRecordSchema),
  /** The device (player) record, which the player may keep in its document for the studio to show. */
  device: z.optional(DeviceRecordSchema),
  logging: z.optional(LoggingSchema),
  overridden_player: z.optional(OverriddenPlayerSchema),
});
export type PlayerDocument = z.infer<typeof PlayerDocumentSchema>;

export type PlayerBranch = keyof PlayerDocument;

/** The schema of each branch; each accepts undefined (an absent branch). */
export const PLAYER_BRANCH_SCHEMAS = PlayerDocumentSchema.shape;

/** The branches of a player document, in the order of the schema. */
export const PLAYER_BRANCHES = Object.keys(PLAYER_BRANCH_SCHEMAS) as readonly PlayerBranch[];

export function isPlayerBranch(name: unknown): name is PlayerBranch {
  return typeof name === 'string' && hasOwn(PLAYER_BRANCH_SCHEMAS, name);
}

// The typed paths live in a zod-free module so that a player can name them without carrying the schemas.
export { PLAYERS_ROOT, playerBranchPath, playerDocumentPath } from './playerPaths';
