// A screen's health (docs/screen-health.md): online or offline since when, and its uptime history for a bar of the
// last hours. Online while its realtime connection is up or its heartbeat is fresh.

import { z } from 'zod';

export const HEALTH_STATES = ['online', 'offline'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export const ScreenHealthViewSchema = z.object({
  state: z.enum(HEALTH_STATES),
  /** Epoch ms the state began: the last sighting for offline, the comeback for online. */
  since: z.number(),
});
export type ScreenHealthView = z.output<typeof ScreenHealthViewSchema>;

export const MAX_UPTIME_HOURS = 24 * 7;
export const DEFAULT_UPTIME_HOURS = 24;

export const UptimeQuerySchema = z.object({
  hours: z.coerce.number().int().min(1).max(MAX_UPTIME_HOURS).default(DEFAULT_UPTIME_HOURS),
});

/** 'unknown': before the server first recorded the screen's health. */
export const UPTIME_INTERVAL_STATES = ['online', 'offline', 'unknown'] as const;

export const UptimeAnswerSchema = z.object({
  from: z.number(),
  to: z.number(),
  /** Consecutive intervals covering [from, to], oldest first. */
  intervals: z.array(z.object({ state: z.enum(UPTIME_INTERVAL_STATES), from: z.number(), to: z.number() })),
  /** Online time over the time whose state is known, 0-100 (one decimal); null when none is known. */
  uptimePercent: z.number().nullable(),
});
export type UptimeAnswer = z.output<typeof UptimeAnswerSchema>;
export type UptimeInterval = UptimeAnswer['intervals'][number];
