// The id query parameter (docs/player.md §Validation): it counts only if it is a non-empty string, and in the
// meeting variant it is the hardware id (docs/meeting-room.md §Start-up), falling back to the stored deviceId.

import { QueryLimitError, parseQueryString } from './queryString';

/**
 * The `id` parameter of `search` ('?id=…', with or without '?') when it is a non-empty string; null when it is
 * missing, empty, repeated (an array), nested (an object), or the query is over the parsing limits.
 */
export function readIdQueryParam(search: string): string | null {
  let id: unknown;
  try {
    id = parseQueryString(search).id;
  } catch (error) {
    if (error instanceof QueryLimitError) return null; // a rejected query names no id
    throw error;
  }
  return typeof id === 'string' && id !== '' ? id : null;
}

/** Meeting-variant hardware id: the id parameter if non-empty, otherwise the stored deviceId, otherwise null. */
export function meetHardwareId(
  idParam: string | null | undefined,
  storedDeviceId: string | null | undefined,
): string | null {
  if (typeof idParam === 'string' && idParam !== '') return idParam;
  if (typeof storedDeviceId === 'string' && storedDeviceId !== '') return storedDeviceId;
  return null;
}
