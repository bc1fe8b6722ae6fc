// Emergency overrides: a playlist, a layout or a full-screen message on the targeted screens until it expires (at most 7 days
// ahead) or is cleared. An override beats every schedule; among overrides the latest wins (docs/schedules.md §Model).

import { z } from 'zod';
import { LayoutIdSchema, PlaylistIdSchema } from './ids';
import { NamedRefSchema, TargetsSchema, TargetsViewSchema } from './targets';

export const OVERRIDE_NAME_MAX_LENGTH = 120;
export const OVERRIDE_MESSAGE_MAX_LENGTH = 500;
/** An override expires at most this long after it is made. */
export const MAX_OVERRIDE_MS = 7 * 24 * 60 * 60 * 1000;

/** An ISO 8601 time with its offset ('2026-03-29T01:30:00+01:00', 'Z'), to the second or finer. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Epoch milliseconds written as digits (a query string's only way to say a number). */
const EPOCH_MS = /^\d{1,15}$/;

/** An instant: an ISO 8601 time with offset, or epoch milliseconds; read as epoch milliseconds. */
export const InstantSchema = z.union([z.string().max(40), z.int().min(0)]).transform((value, context) => {
  const ms =
    typeof value === 'number'
      ? value
      : EPOCH_MS.test(value)
        ? Number(value)
        : ISO_WITH_OFFSET.test(value)
          ? Date.parse(value)
          : NaN;
  if (!Number.isFinite(ms)) {
    context.addIssue({
      code: 'custom',
      message: 'must be an ISO 8601 time with offset or epoch milliseconds',
      input: value,
    });
    return z.NEVER;
  }
  return ms;
});

export const OverrideRequestSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'must not be empty').max(OVERRIDE_NAME_MAX_LENGTH),
    playlistId: PlaylistIdSchema.optional(),
    layoutId: LayoutIdSchema.optional(),
    /** Full-screen text in large type. */
    message: z.string().trim().min(1, 'must not be empty').max(OVERRIDE_MESSAGE_MAX_LENGTH).optional(),
    targets: TargetsSchema,
    /** In the future, at most 7 days ahead (checked by the server against its clock). */
    expiresAt: InstantSchema,
  })
  .superRefine((body, context) => {
    const given = [body.playlistId, body.layoutId, body.message].filter(
      (value) => value !== undefined,
    ).length;
    if (given !== 1) {
      context.addIssue({
        code: 'custom',
        message: 'give exactly one of playlistId, layoutId and message',
        path: [
          body.playlistId === undefined ? 'playlistId' : body.layoutId === undefined ? 'message' : 'layoutId',
        ],
      });
    }
  });
export type OverrideRequest = z.input<typeof OverrideRequestSchema>;
export type OverrideInput = z.output<typeof OverrideRequestSchema>;

export const OverrideViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Exactly one of playlist, layout and message is set. */
  playlist: NamedRefSchema.nullable(),
  layout: NamedRefSchema.nullable(),
  message: z.string().nullable(),
  targets: TargetsViewSchema,
  expiresAt: z.number(),
  createdAt: z.number(),
  /** Screens it targets now. */
  targeted: z.number(),
  /** Of those, the screens whose player reports a content version that includes it. */
  applied: z.number(),
  appliedScreenIds: z.array(z.string()),
});
export type OverrideView = z.output<typeof OverrideViewSchema>;

export const OverrideListSchema = z.object({ overrides: z.array(OverrideViewSchema) });
