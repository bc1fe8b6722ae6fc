// What a screen's player reported, read back: its last device record, and its recent log lines and error reports,
// newest first, a page at a time.

import { z } from 'zod';
import { LOG_LEVELS, type LogLevelName } from '@marquee/protocol';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** The level names a log line may carry (protocol's LOG_LEVELS). */
export const LOG_LEVEL_NAMES = Object.keys(LOG_LEVELS) as [LogLevelName, ...LogLevelName[]];

/** A position in a newest-first listing: the time and id of the last row of the previous page. */
export const PAGE_CURSOR_PATTERN = /^(\d{1,15})_([A-Za-z0-9_-]{1,128})$/;
export const PAGE_CURSOR_MESSAGE = 'must be the nextCursor of a previous page';

export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().regex(PAGE_CURSOR_PATTERN, PAGE_CURSOR_MESSAGE).optional(),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

export const LogQuerySchema = PageQuerySchema.extend({ level: z.enum(LOG_LEVEL_NAMES).optional() });
export type LogQuery = z.output<typeof LogQuerySchema>;

const LogLineViewSchema = z.object({
  id: z.string(),
  /** The service that sent the line ('meet-player', 'marquee-player'), when it said. */
  service: z.string().nullable(),
  level: z.string(),
  message: z.string(),
  data: z.unknown(),
  /** The player's clock when it logged the line, if it said. */
  time: z.number().nullable(),
  createdAt: z.number(),
});
export type LogLineView = z.output<typeof LogLineViewSchema>;

const ErrorReportViewSchema = z.object({
  id: z.string(),
  service: z.string().nullable(),
  message: z.string().nullable(),
  stack: z.string().nullable(),
  data: z.unknown(),
  time: z.number().nullable(),
  createdAt: z.number(),
});
export type ErrorReportView = z.output<typeof ErrorReportViewSchema>;

const nextCursor = z.string().nullable();

export const LogPageSchema = z.object({ lines: z.array(LogLineViewSchema), nextCursor });
export type LogPage = z.output<typeof LogPageSchema>;

export const ErrorPageSchema = z.object({ errors: z.array(ErrorReportViewSchema), nextCursor });
export type ErrorPage = z.output<typeof ErrorPageSchema>;

export const DeviceAnswerSchema = z.object({ device: z.unknown(), updatedAt: z.number() });
export type DeviceAnswer = z.output<typeof DeviceAnswerSchema>;
