// The connection record at players/{id}/connection (docs/player.md §Connection states). The database drops nulls,
// so a record read back after a disconnect lacks connected_at and id: missing fields parse as null.

import * as z from 'zod/mini';
import { ID_MAX_LENGTH, TimestampMsSchema, nonEmptyString } from './schemaText';

const nullableDefaultNull = <T extends z.ZodMiniType>(schema: T) => z._default(z.nullable(schema), null);

/** The record as stored and read: server timestamps resolved to milliseconds. */
export const ConnectionRecordSchema = z.object({
  connected: z.boolean(),
  connected_at: nullableDefaultNull(TimestampMsSchema),
  disconnected_at: nullableDefaultNull(TimestampMsSchema),
  /** Random id of the browser session holding the connection. */
  id: nullableDefaultNull(nonEmptyString(ID_MAX_LENGTH)),
});
export type ConnectionRecord = z.infer<typeof ConnectionRecordSchema>;

/** `{".sv":"timestamp"}`: replaced by the server's clock when the write is applied. */
export const ServerTimestampSchema = z.object({ '.sv': z.literal('timestamp') });

const TimestampWriteSchema = z.union([TimestampMsSchema, ServerTimestampSchema]);

/** The record as a player writes it: the timestamps are server timestamps (or null). */
export const ConnectionWriteSchema = z.object({
  connected: z.boolean(),
  connected_at: nullableDefaultNull(TimestampWriteSchema),
  disconnected_at: nullableDefaultNull(TimestampWriteSchema),
  id: nullableDefaultNull(nonEmptyString(ID_MAX_LENGTH)),
});
export type ConnectionWrite = z.infer<typeof ConnectionWriteSchema>;
