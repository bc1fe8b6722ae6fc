// The ids the management API takes in its paths. Each is also a realtime key and a URL segment, never a path.

import { z } from 'zod';

/** Screen ids: server ids, or anything id-shaped (rows written by other means). */
export const SCREEN_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** Media ids are server ids: a time prefix and random bits, 25 characters of 0-9a-v. */
export const MEDIA_ID_PATTERN = /^[0-9a-v]{25}$/;
/** Player ids: what a player may bring as device.id at registration, or a server id. */
export const PLAYER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const ScreenIdSchema = z.string().regex(SCREEN_ID_PATTERN, 'must be a screen id');

export const ScreenIdParams = z.object({ id: ScreenIdSchema });
export const MediaIdParams = z.object({ id: z.string().regex(MEDIA_ID_PATTERN, 'must be a media id') });
export const PlayerIdParams = z.object({
  playerId: z.string().regex(PLAYER_ID_PATTERN, 'must be a player id'),
});
