// What players send to the ingest routes (docs/player.md §Logging and monitoring): batches of log lines, error
// reports and screenshots, each bounded. The device record's schema is protocol's DeviceRecordSchema.

import { z } from 'zod';
import { LOG_LEVEL_NAMES } from '@marquee/management-api';
import { utf8ByteLength } from '@marquee/protocol';
import type { MediaType } from '../media/sniff';

export const DEVICE_BODY_LIMIT = 64 * 1024;
export const LINES_BODY_LIMIT = 512 * 1024;
export const ERRORS_BODY_LIMIT = 64 * 1024;
export const SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;

export const LOG_BATCH_MAX_LINES = 100;
export const LOG_MESSAGE_MAX_LENGTH = 4096;
const LOG_DATA_MAX_BYTES = 8 * 1024;
const ERROR_MESSAGE_MAX_LENGTH = 4096;
const ERROR_STACK_MAX_LENGTH = 16 * 1024;
const ERROR_DATA_MAX_BYTES = 16 * 1024;
const SERVICE_NAME_MAX_LENGTH = 256;

/** Screenshot formats a browser canvas can encode. */
export const SCREENSHOT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
] as const satisfies readonly MediaType[];

function jsonBytes(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value) ?? '');
}

const boundedJson = (maxBytes: number) =>
  z.json().refine((value) => jsonBytes(value) <= maxBytes, `must be at most ${maxBytes} bytes as JSON`);

/** Milliseconds since the epoch on the player's clock. */
const clientTime = z.int().nonnegative();

const LogLineSchema = z.strictObject({
  level: z.enum(LOG_LEVEL_NAMES),
  message: z.string().min(1).max(LOG_MESSAGE_MAX_LENGTH),
  data: boundedJson(LOG_DATA_MAX_BYTES).optional(),
  time: clientTime.optional(),
});
export type LogLine = z.output<typeof LogLineSchema>;

/** A sending service's name, e.g. 'meet-player': short, lower-case, the studio shows it beside each line. */
export const LOG_SERVICE_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

export const LogBatchSchema = z.strictObject({
  /** The service every line of the batch comes from. */
  service: z
    .string()
    .regex(
      LOG_SERVICE_PATTERN,
      'must be a service name: a lower-case letter, then at most 39 lower-case letters, digits or "-"',
    )
    .optional(),
  lines: z.array(LogLineSchema).min(1).max(LOG_BATCH_MAX_LINES),
});
export type LogBatch = z.output<typeof LogBatchSchema>;

export const ErrorReportSchema = z.strictObject({
  message: z.string().min(1).max(ERROR_MESSAGE_MAX_LENGTH),
  /** The reporting service, e.g. 'meet-player'. */
  service: z.string().min(1).max(SERVICE_NAME_MAX_LENGTH).optional(),
  stack: z.string().max(ERROR_STACK_MAX_LENGTH).optional(),
  data: boundedJson(ERROR_DATA_MAX_BYTES).optional(),
  time: clientTime.optional(),
});
export type ErrorReport = z.output<typeof ErrorReportSchema>;
