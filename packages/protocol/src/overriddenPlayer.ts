// The overridden-player message of the meeting variant (docs/meeting-room.md §Overridden player; the node
// `overridden_player` of docs/data-model.md §The player document): a websocket pair 'ws-url|wss-url' to connect to,
// a frame URL, or an action.

import * as z from 'zod/mini';
import { LABEL_MAX_LENGTH, URL_MAX_LENGTH, httpUrl, nonEmptyString } from './schemaText';

const WEBSOCKET_PAIR_SEPARATOR = '|';
const WebsocketUrlSchema = z.url({ protocol: /^wss?$/ }).check(z.maxLength(URL_MAX_LENGTH));

/** The two URLs of a websocket pair: [plain, secure], or null unless `value` is two ws/wss URLs joined by '|'. */
export function splitWebsocketPair(value: unknown): [string, string] | null {
  if (typeof value !== 'string') return null;
  const parts = value.split(WEBSOCKET_PAIR_SEPARATOR);
  if (parts.length !== 2) return null;
  const [plain, secure] = parts as [string, string];
  if (!WebsocketUrlSchema.safeParse(plain).success || !WebsocketUrlSchema.safeParse(secure).success)
    return null;
  return [plain, secure];
}

export const OverriddenPlayerSchema = z.object({
  /** Two websocket URLs joined by '|': the first for WebOS and plain-http pages, the second otherwise. */
  websocket: z.optional(
    z.string().check(
      z.maxLength(2 * URL_MAX_LENGTH + 1),
      z.refine(
        (value) => splitWebsocketPair(value) !== null,
        'websocket must be two ws/wss URLs joined by "|"',
      ),
    ),
  ),
  /** Replaces the frame URL. */
  href: z.optional(httpUrl()),
  /** A command such as 'reboot'. */
  action: z.optional(nonEmptyString(LABEL_MAX_LENGTH)),
});
export type OverriddenPlayer = z.infer<typeof OverriddenPlayerSchema>;

export type OverriddenPlayerParse = { ok: true; value: OverriddenPlayer } | { ok: false; error: string };

export const EMPTY_OVERRIDDEN_PLAYER_ERROR = 'Empty overridden player message';
export const NON_JSON_OVERRIDDEN_PLAYER_ERROR = 'Overridden player message is not JSON';
export const INVALID_OVERRIDDEN_PLAYER_ERROR = 'Invalid overridden player message';

/**
 * Reads an overridden-player message, given as a JSON string (a websocket message) or as the parsed value (the
 * realtime node). Empty, non-JSON and malformed messages give an error to log
 * (docs/meeting-room.md §Overridden player).
 */
export function parseOverriddenPlayerMessage(raw: unknown): OverriddenPlayerParse {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { ok: false, error: EMPTY_OVERRIDDEN_PLAYER_ERROR };
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, error: NON_JSON_OVERRIDDEN_PLAYER_ERROR };
    }
  }
  if (value === null || value === undefined) return { ok: false, error: EMPTY_OVERRIDDEN_PLAYER_ERROR };
  const parsed = OverriddenPlayerSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: INVALID_OVERRIDDEN_PLAYER_ERROR };
  return { ok: true, value: parsed.data };
}
