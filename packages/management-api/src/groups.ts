// Screen tags and groups. Tags are short lower-case words on a screen; a group's members are the screens it lists
// plus every screen having ALL of its matchTags, so tagging a screen puts it in the group with no other edit
// (docs/schedules.md §Model).

import { z } from 'zod';
import { ScreenIdSchema } from './ids';
import { NamedRefSchema } from './targets';

export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** Tags on one screen, and matchTags of one group, at most. */
export const MAX_TAGS = 20;
/** Screens one group lists by id at most (tags reach any number). */
export const MAX_GROUP_SCREENS = 20_000;
export const GROUP_NAME_MAX_LENGTH = 120;

export const TagSchema = z
  .string()
  .regex(TAG_PATTERN, 'must be a lower-case word: a-z, 0-9 and "-", 1-32 long');

/** A list of tags, deduplicated. */
export const TagListSchema = z
  .array(TagSchema)
  .max(MAX_TAGS)
  .transform((tags) => [...new Set(tags)]);

const name = z.string().trim().min(1, 'must not be empty').max(GROUP_NAME_MAX_LENGTH);
const screenIds = z
  .array(ScreenIdSchema)
  .max(MAX_GROUP_SCREENS)
  .transform((ids) => [...new Set(ids)]);

export const GroupRequestSchema = z.strictObject({
  name,
  screenIds: screenIds.optional(),
  matchTags: TagListSchema.optional(),
});
export type GroupRequest = z.input<typeof GroupRequestSchema>;

export const GroupPatchSchema = z.strictObject({
  name: name.optional(),
  screenIds: screenIds.optional(),
  matchTags: TagListSchema.optional(),
});
export type GroupPatch = z.input<typeof GroupPatchSchema>;

export const GroupViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  screenIds: z.array(z.string()),
  matchTags: z.array(z.string()),
  /** Screens in the group now: listed, or having every matchTag. */
  memberCount: z.number(),
  /** The members (GET of one group only). */
  members: z.array(NamedRefSchema).optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type GroupView = z.output<typeof GroupViewSchema>;

export const GroupListSchema = z.object({ groups: z.array(GroupViewSchema) });

/** POST /screens/tags: tags added to and removed from many screens at once. */
export const BulkTagRequestSchema = z
  .strictObject({
    screenIds: z.array(ScreenIdSchema).min(1).max(MAX_GROUP_SCREENS),
    add: TagListSchema.optional(),
    remove: TagListSchema.optional(),
  })
  .refine((body) => (body.add?.length ?? 0) + (body.remove?.length ?? 0) > 0, {
    message: 'give tags to add or remove',
    path: ['add'],
  });
export type BulkTagRequest = z.input<typeof BulkTagRequestSchema>;

export const BulkTagAnswerSchema = z.object({ updated: z.number() });
