// The organisation's media files. Uploads are multipart (one file): they have no JSON body to declare here.

import { z } from 'zod';

export const MediaViewSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  kind: z.enum(['image', 'video']),
  size: z.number(),
  sha256: z.string(),
  /** Where the content player fetches it; changes when the bytes are replaced. */
  url: z.string(),
  createdAt: z.number(),
});
export type MediaView = z.output<typeof MediaViewSchema>;

export const MediaListSchema = z.object({ media: z.array(MediaViewSchema) });

export const MediaDeletedSchema = z.object({ deleted: z.string() });
