// A layout's zones as the layouts.zones column keeps them: the API's zones with the defaults filled in (z is the
// zone's place in the list, an empty name is left out). The column is read leniently: corrupt JSON or a zone that
// no longer passes the contract is left out rather than failing the request or a screen's timeline.

import { ZoneSchema, type Zone } from '@marquee/management-api';

/** The zones to store for `zones` as the API took them. */
export function normalisedZones(zones: readonly Zone[]): Zone[] {
  return zones.map((zone, index) => {
    const { name, ...rest } = zone;
    return { ...(name === undefined || name === '' ? {} : { name }), ...rest, z: zone.z ?? index };
  });
}

/** The zones of a stored column; unreadable parts are left out. */
export function parseStoredZones(text: string): Zone[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const zones: Zone[] = [];
  const seen = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const parsed = ZoneSchema.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.id)) return;
    seen.add(parsed.data.id);
    zones.push({ ...parsed.data, z: parsed.data.z ?? index });
  });
  return zones;
}

/** The playlists the zones play, once each, in zone order. */
export function playlistIdsOfZones(zones: readonly Zone[]): string[] {
  return [
    ...new Set(zones.flatMap((zone) => ('playlistId' in zone.content ? [zone.content.playlistId] : []))),
  ];
}

/** The feed URLs the zones' feed apps show, once each. */
export function feedUrlsOfZones(zones: readonly Zone[]): string[] {
  return [
    ...new Set(
      zones.flatMap((zone) =>
        'app' in zone.content && zone.content.app.type === 'feed' ? [zone.content.app.url] : [],
      ),
    ),
  ];
}
