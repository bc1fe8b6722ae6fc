// The ids the management API takes in its paths. Each is also a realtime key and a URL segment, never a path.

import { z } from 'zod';

/** Screen ids: server ids, or anything id-shaped (rows written by other means). */
export const SCREEN_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** Ids the server makes (media, playlists, groups, schedules, overrides): a time prefix and random bits. */
export const SERVER_ID_PATTERN = /^[0-9a-v]{25}$/;
/** Media ids are server ids: a time prefix and random bits, 25 characters of 0-9a-v. */
export const MEDIA_ID_PATTERN = SERVER_ID_PATTERN;
/** Player ids: what a player may bring as device.id at registration, or a server id. */
export const PLAYER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const ScreenIdSchema = z.string().regex(SCREEN_ID_PATTERN, 'must be a screen id');
export const PlaylistIdSchema = z.string().regex(SERVER_ID_PATTERN, 'must be a playlist id');
export const GroupIdSchema = z.string().regex(SERVER_ID_PATTERN, 'must be a group id');
export const LayoutIdSchema = z.string().regex(SERVER_ID_PATTERN, 'must be a layout id');

const serverIdParams = (what: string) =>
  z.object({ id: z.string().regex(SERVER_ID_PATTERN, `must be a ${what} id`) });

export const ScreenIdParams = z.object({ id: ScreenIdSchema });
export const MediaIdParams = serverIdParams('media');
export const PlaylistIdParams = serverIdParams('playlist');
export const GroupIdParams = serverIdParams('group');
export const LayoutIdParams = serverIdParams('layout');
export const ScheduleIdParams = serverIdParams('schedule');
export const OverrideIdParams = serverIdParams('override');
export const WebhookIdParams = serverIdParams('webhook');
export const PlayerIdParams = z.object({
  playerId: z.string().regex(PLAYER_ID_PATTERN, 'must be a player id'),
});
export const AlertRuleIdParams = serverIdParams('alert rule');
/** GET /feeds/{id}, the players' cleaned copy of a feed (not part of /api/v1). */
export const FeedIdParams = serverIdParams('feed');
