// The rules of a batch of screens, read in a few queries for the whole batch (docs/schedules.md §Propagation): the
// organisation's schedules that have not ended and overrides that have not expired, indexed by what they target;
// each screen's groups, tags, zone, default content and own items; the layouts, playlists (also those of the
// layouts' zones), feeds and media files all of them name. A screen's rules are then the schedules and overrides
// reaching it directly, through a group, or as `all`. A rule's content key is a playlist's or a layout's id.

import type { Kysely } from 'kysely';
import type { Targets } from '@marquee/management-api';
import type { OverrideRule, ScheduleRule, TimelineRules, Weekday } from '@marquee/timeline';
import type { Database, Player, Screen } from '../db/schema';
import { feedIdsOf } from '../feeds/feedRegistry';
import { chunks, groupsOfScreens, parseStringList, parseTargets, tagsOfScreens } from '../groups/membership';
import type { StoredLayout } from '../layouts/playerLayout';
import { feedUrlsOfZones, parseStoredZones, playlistIdsOfZones } from '../layouts/storedZones';
import type { MediaCatalog, MediaRef } from '../media/mediaCatalog';
import { mediaIdsOfSources, parseSources, parseStoredContent, type ContentSource } from '../screens/content';

/** The key of a screen's own items among the playlists of its timeline. */
export const OWN_ITEMS_KEY = 'default';
export const OWN_ITEMS_NAME = 'Default content';
/** A screen whose player never said its zone, and that nobody pinned, runs in UTC. */
export const FALLBACK_ZONE = 'UTC';

interface Targeted<R> {
  rule: R;
  targets: Targets;
}

/** Rules indexed by target: those for every screen, by screen id, by group id. */
class TargetIndex<R extends { id: string }> {
  private readonly all: R[] = [];
  private readonly byScreen = new Map<string, R[]>();
  private readonly byGroup = new Map<string, R[]>();

  constructor(rules: readonly Targeted<R>[]) {
    const push = (map: Map<string, R[]>, key: string, rule: R) =>
      map.get(key)?.push(rule) ?? map.set(key, [rule]);
    for (const { rule, targets } of rules) {
      if (targets.all) this.all.push(rule);
      for (const id of targets.screenIds) push(this.byScreen, id, rule);
      for (const id of targets.groupIds) push(this.byGroup, id, rule);
    }
  }

  /** The rules reaching a screen in `groups`, once each, by id. */
  reaching(screenId: string, groups: readonly string[]): R[] {
    const found = new Map<string, R>();
    for (const rule of this.all) found.set(rule.id, rule);
    for (const rule of this.byScreen.get(screenId) ?? []) found.set(rule.id, rule);
    for (const group of groups) for (const rule of this.byGroup.get(group) ?? []) found.set(rule.id, rule);
    return [...found.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}

export type ZoneSource = 'pinned' | 'player' | 'server';

/** One screen's rules, and what its timeline payload needs besides. */
export interface ScreenRules {
  screen: Screen;
  rules: TimelineRules;
  zoneSource: ZoneSource;
  /** Sources of every playlist its rules and their layouts' zones name, by key (OWN_ITEMS_KEY for its own items). */
  playlists: Map<string, { name: string; sources: ContentSource[] }>;
  /** Every layout its rules name, by id. */
  layouts: Map<string, StoredLayout>;
  /** Key of its default content among `playlists` or `layouts`; null when it has none. */
  defaultKey: string | null;
  /** The screen's tags, sorted (app/data's screen, for apps' getContext()). */
  tags: string[];
}

export interface BatchRules {
  screens: ScreenRules[];
  /** Every media file the batch's playlists and items name. */
  media: ReadonlyMap<string, MediaRef>;
  /** The ids of the feeds the batch's layouts show, by URL. */
  feeds: ReadonlyMap<string, string>;
}

function scheduleRule(row: Database['schedules']): ScheduleRule {
  return {
    id: row.id,
    name: row.name,
    playlistId: row.playlist_id ?? row.layout_id ?? '',
    priority: row.priority,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    days: row.days === null ? null : (parseStringList(row.days) as Weekday[]),
    from: row.from_time,
    to: row.to_time,
    timezone: row.timezone === 'screen' ? null : row.timezone,
  };
}

function overrideRule(row: Database['overrides']): OverrideRule {
  return {
    id: row.id,
    name: row.name,
    playlistId: row.playlist_id ?? row.layout_id,
    message: row.message,
    startsAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** The organisation's rules in force at `now`, indexed by target. */
export async function loadOrgRules(db: Kysely<Database>, orgId: string, now: number) {
  const schedules = await db
    .selectFrom('schedules')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('dropped', '=', 0)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .execute();
  const overrides = await db
    .selectFrom('overrides')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('expires_at', '>', now)
    .execute();
  return {
    schedules: new TargetIndex(
      schedules.map((row) => ({ rule: scheduleRule(row), targets: parseTargets(row.targets) })),
    ),
    overrides: new TargetIndex(
      overrides.map((row) => ({ rule: overrideRule(row), targets: parseTargets(row.targets) })),
    ),
  };
}
export type OrgRules = Awaited<ReturnType<typeof loadOrgRules>>;

/** The zone a screen runs in, and where it comes from. */
export function zoneOf(
  screen: Screen,
  player: Pick<Player, 'timezone'> | undefined,
): { zone: string; source: ZoneSource } {
  if (screen.timezone !== null) return { zone: screen.timezone, source: 'pinned' };
  if (player?.timezone) return { zone: player.timezone, source: 'player' };
  return { zone: FALLBACK_ZONE, source: 'server' };
}

/** The rules of each screen of `screens` (all of `orgId`). */
export async function rulesOfScreens(
  deps: { db: Kysely<Database>; media: MediaCatalog },
  orgId: string,
  org: OrgRules,
  screens: readonly Screen[],
): Promise<BatchRules> {
  const { db } = deps;
  const ids = screens.map((screen) => screen.id);
  const groups = await groupsOfScreens(db, orgId, ids);
  const tags = await tagsOfScreens(db, ids);
  const playerIds = screens.flatMap((screen) => (screen.player_id === null ? [] : [screen.player_id]));
  const players = new Map<string, Pick<Player, 'id' | 'timezone'>>();
  for (const part of chunks(playerIds)) {
    for (const row of await db
      .selectFrom('players')
      .select(['id', 'timezone'])
      .where('id', 'in', part)
      .execute()) {
      players.set(row.id, row);
    }
  }
  const partial = screens.map((screen) => {
    const screenGroups = groups.get(screen.id) ?? [];
    const { zone, source } = zoneOf(
      screen,
      screen.player_id === null ? undefined : players.get(screen.player_id),
    );
    return {
      screen,
      zone,
      zoneSource: source,
      schedules: org.schedules.reaching(screen.id, screenGroups),
      overrides: org.overrides.reaching(screen.id, screenGroups),
    };
  });
  const contentKeys = new Set<string>();
  for (const entry of partial) {
    for (const rule of entry.schedules) contentKeys.add(rule.playlistId);
    for (const rule of entry.overrides) if (rule.playlistId !== null) contentKeys.add(rule.playlistId);
    if (entry.screen.default_playlist_id !== null) contentKeys.add(entry.screen.default_playlist_id);
    if (entry.screen.default_layout_id !== null) contentKeys.add(entry.screen.default_layout_id);
  }
  const layouts = new Map<string, StoredLayout>();
  for (const part of chunks([...contentKeys])) {
    const rows = await db
      .selectFrom('layouts')
      .select(['id', 'name', 'background', 'duration_ms', 'zones'])
      .where('org_id', '=', orgId)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) {
      const zones = parseStoredZones(row.zones);
      layouts.set(row.id, {
        name: row.name,
        background: row.background,
        durationMs: Number(row.duration_ms),
        zones,
      });
    }
  }
  const playlistIds = new Set([...contentKeys].filter((key) => !layouts.has(key)));
  for (const layout of layouts.values())
    for (const id of playlistIdsOfZones(layout.zones)) playlistIds.add(id);
  const playlists = new Map<string, { name: string; sources: ContentSource[] }>();
  for (const part of chunks([...playlistIds])) {
    const rows = await db
      .selectFrom('playlists')
      .select(['id', 'name', 'items'])
      .where('org_id', '=', orgId)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) playlists.set(row.id, { name: row.name, sources: parseSources(row.items) });
  }
  const mediaIds = new Set<string>();
  for (const playlist of playlists.values())
    for (const id of mediaIdsOfSources(playlist.sources)) mediaIds.add(id);

  const result = partial.map((entry): ScreenRules => {
    const own = parseStoredContent(entry.screen.content, entry.screen.content_version).sources;
    for (const id of mediaIdsOfSources(own)) mediaIds.add(id);
    const named = new Map<string, { name: string; sources: ContentSource[] }>();
    const namedLayouts = new Map<string, StoredLayout>();
    const take = (id: string) => {
      const playlist = playlists.get(id);
      if (playlist !== undefined) named.set(id, playlist);
      const layout = layouts.get(id);
      if (layout === undefined) return;
      namedLayouts.set(id, layout);
      for (const zonePlaylist of playlistIdsOfZones(layout.zones)) take(zonePlaylist);
    };
    entry.schedules.forEach((rule) => take(rule.playlistId));
    entry.overrides.forEach((rule) => rule.playlistId !== null && take(rule.playlistId));
    const defaultId = entry.screen.default_layout_id ?? entry.screen.default_playlist_id;
    const defaultName =
      defaultId === null ? undefined : (layouts.get(defaultId) ?? playlists.get(defaultId))?.name;
    let defaultKey: string | null = null;
    let defaultContent: TimelineRules['defaultContent'] = null;
    if (defaultId !== null && defaultName !== undefined) {
      take(defaultId);
      defaultKey = defaultId;
      defaultContent = { id: defaultId, name: defaultName, playlistId: defaultId };
    } else if (own.length > 0) {
      named.set(OWN_ITEMS_KEY, { name: OWN_ITEMS_NAME, sources: own });
      defaultKey = OWN_ITEMS_KEY;
      defaultContent = { id: OWN_ITEMS_KEY, name: OWN_ITEMS_NAME, playlistId: OWN_ITEMS_KEY };
    }
    return {
      screen: entry.screen,
      zoneSource: entry.zoneSource,
      rules: { timezone: entry.zone, schedules: entry.schedules, overrides: entry.overrides, defaultContent },
      playlists: named,
      layouts: namedLayouts,
      defaultKey,
      tags: tags.get(entry.screen.id) ?? [],
    };
  });
  const feedUrls = [...layouts.values()].flatMap((layout) => feedUrlsOfZones(layout.zones));
  return {
    screens: result,
    media: await deps.media.refs(orgId, [...mediaIds]),
    feeds: await feedIdsOf(db, orgId, feedUrls),
  };
}

/** Screens sharing this key share their segments: the engine runs once per key. */
export function ruleSetKey(rules: TimelineRules): string {
  return [
    rules.timezone,
    rules.schedules.map((rule) => rule.id).join(','),
    rules.overrides.map((rule) => rule.id).join(','),
    rules.defaultContent?.id ?? '',
  ].join('|');
}
