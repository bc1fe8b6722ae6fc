// The screens of an organisation (docs/management-api.md §Screens, §Pairing, §Commands): pairing a player with a
// new screen, reading screens with their live status, changing name, settings and content, unpairing, and remote
// commands. The management API's routes, the benchmark's seeding and the tests all go through here. Every call is
// scoped to the operator's organisation: another organisation's screen is answered as one that does not exist.

import type { Kysely } from 'kysely';
import type {
  BulkCommandAnswer,
  BulkCommandRequest,
  CommandRequest,
  CommandView,
  ContentItems,
  ContentRef,
  PairRequest,
  ScreenListQuery,
  ScreenSettings,
  ScreenView,
} from '@marquee/management-api';
import type { Config } from '../config';
import type { GroupService } from '../groups/groupService';
import type { LayoutService } from '../layouts/layoutService';
import type { PlaylistService } from '../playlists/playlistService';
import type { TimelineService } from '../timelines/timelineService';
import type { Database, Screen } from '../db/schema';
import { invalid, notFound } from '../domain/errors';
import { recordChange, type Changer } from '../audit/auditRecord';
import { tagsOfScreens } from '../groups/membership';
import { contentPlayerUrl } from '../hosting/runtimeConfig';
import type { MediaCatalog } from '../media/mediaCatalog';
import type { PlayerService } from '../players/playerService';
import type { DocumentStore } from '../realtime/documentStore';
import { mediaIdsOf, parseStoredContent, resolveSources } from './content';
import { pairScreen } from './pairing';
import { applyScreenChange, type ScreenChange } from './screenChanges';
import {
  assertKnownCommand,
  listScreenCommands,
  raiseBulkCommand,
  raiseScreenCommand,
} from './screenCommands';
import { listScreens } from './screenList';
import { parseScreenSettings } from './screenSettings';
import { screenViews } from './screenViews';

/** A screen as its audit entries show it (before and after a change). */
function audited(row: Screen, tags: readonly string[]) {
  return {
    name: row.name,
    settings: parseScreenSettings(row.settings),
    content: parseStoredContent(row.content, row.content_version).sources,
    playlistId: row.default_playlist_id,
    layoutId: row.default_layout_id,
    timezone: row.timezone,
    tags: [...tags].sort(),
  };
}

export interface ScreenServiceOptions {
  db: Kysely<Database>;
  documents: DocumentStore;
  players: PlayerService;
  media: MediaCatalog;
  clock: () => number;
  config: Pick<Config, 'publicUrl' | 'publicUrlFromEnv'>;
  timelines: TimelineService;
  groups: GroupService;
  playlists: PlaylistService;
  layouts: LayoutService;
}

/** A change of a screen as the management API takes it (its PATCH body, parsed). */
export interface ScreenUpdate {
  name?: string;
  orientation?: ScreenSettings['orientation'];
  settings?: Omit<ScreenSettings, 'orientation'>;
  /** Its own items, or `{layoutId}` / `{playlistId}` (as the fields of those names). */
  content?: ContentItems | ContentRef;
  playlistId?: string | null;
  layoutId?: string | null;
  tags?: string[];
  timezone?: string | null;
}

/** The default content a change names: `content: {layoutId}` and `content: {playlistId}` read as those fields. */
function defaultContentOf(update: ScreenUpdate): Pick<ScreenUpdate, 'playlistId' | 'layoutId'> & {
  content?: ContentItems;
} {
  const { content, playlistId, layoutId } = update;
  if (content === undefined || Array.isArray(content)) return { content, playlistId, layoutId };
  return 'layoutId' in content ? { layoutId: content.layoutId } : { playlistId: content.playlistId };
}

export class ScreenService {
  private readonly db: Kysely<Database>;
  private readonly players: PlayerService;
  private readonly timelines: TimelineService;

  constructor(private readonly options: ScreenServiceOptions) {
    this.db = options.db;
    this.players = options.players;
    this.timelines = options.timelines;
  }

  /** The screen `id` of the organisation; 404 for a screen of another organisation, as for one that does not exist. */
  async find(orgId: string, id: string): Promise<Screen> {
    const screen = await this.db
      .selectFrom('screens')
      .selectAll()
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (screen === undefined) throw notFound('SCREEN_NOT_FOUND', `No screen ${id} in your organisation`);
    return screen;
  }

  /** The organisation's screens with live status, by name: every one, or a page filtered as `query` says. */
  async list(
    orgId: string,
    query: ScreenListQuery = {},
  ): Promise<{ screens: ScreenView[]; nextCursor: string | null }> {
    const page = await listScreens(this.options, orgId, query);
    return { screens: await screenViews(this.options, page.screens), nextCursor: page.nextCursor };
  }

  /** One screen of the organisation with live status. */
  async get(orgId: string, id: string): Promise<ScreenView> {
    return this.view(await this.find(orgId, id));
  }

  async view(screen: Screen): Promise<ScreenView> {
    const [view] = await screenViews(this.options, [screen]);
    return view as ScreenView;
  }

  /** Pairs the player showing `request.code` with a new screen of the organisation (pairing.ts). */
  async pair(by: Changer, request: PairRequest): Promise<Screen> {
    const { orgId } = by;
    const screen = await pairScreen(
      { ...this.options, contentPlayerUrl: contentPlayerUrl(this.options.config) },
      by,
      request,
    );
    // Rules for every screen, or for its groups, reach it from the start.
    await this.timelines.refresh(orgId, [screen.id]);
    return this.find(orgId, screen.id);
  }

  /**
   * Changes name, orientation, settings, default content (its own items, a playlist or a layout), tags or pinned zone; the
   * timeline is refreshed with the name and settings in one document update, its version raised only when what
   * the screen shows changed.
   */
  async update(by: Changer, id: string, update: ScreenUpdate): Promise<ScreenView> {
    const { orgId } = by;
    const screen = await this.find(orgId, id);
    const { name, orientation, settings, tags, timezone } = update;
    const { content, playlistId, layoutId } = defaultContentOf(update);
    const change: ScreenChange = {};
    if (name !== undefined) change.name = name;
    const settingsChange = { ...settings, ...(orientation === undefined ? {} : { orientation }) };
    if (Object.keys(settingsChange).length > 0) change.settings = settingsChange;
    if (content !== undefined) {
      change.sources = resolveSources(content, await this.options.media.refs(orgId, mediaIdsOf(content)));
    }
    if (playlistId !== undefined) {
      if (playlistId !== null) await this.options.playlists.find(orgId, playlistId, 'playlistId');
      change.defaultPlaylistId = playlistId;
    }
    if (layoutId !== undefined) {
      if (layoutId !== null) await this.options.layouts.find(orgId, layoutId, 'layoutId');
      change.defaultLayoutId = layoutId;
    }
    if (timezone !== undefined) change.timezone = timezone;
    if (Object.keys(change).length === 0 && tags === undefined) {
      throw invalid(
        'NOTHING_TO_CHANGE',
        'Give at least one of name, orientation, settings, content, playlistId, layoutId, tags or timezone',
        'body',
      );
    }
    const tagsBefore = (await tagsOfScreens(this.db, [screen.id])).get(screen.id) ?? [];
    const now = this.options.clock();
    const { documentUpdates } = await this.db.transaction().execute(async (trx) => {
      if (tags !== undefined) await this.options.groups.writeTags(trx, orgId, screen.id, tags);
      const changed = await applyScreenChange({ db: trx, clock: () => now }, screen.id, change);
      await recordChange(
        trx,
        by,
        {
          action: 'screen.update',
          target: { type: 'screen', id: screen.id },
          before: audited(screen, tagsBefore),
          after: audited(changed.screen, tags ?? tagsBefore),
        },
        now,
      );
      return changed;
    });
    await this.timelines.refresh(orgId, [screen.id], {
      documentUpdates: new Map([[screen.id, documentUpdates]]),
    });
    return this.get(orgId, screen.id);
  }

  /**
   * Unpairs the screen and deletes it: its player (if it still exists) gets a new pairing code, loses its app,
   * and is asked to rotate to credentials without org_id and screen_id.
   */
  async unpair(by: Changer, id: string): Promise<{ deleted: string; playerId: string | null }> {
    const screen = await this.find(by.orgId, id);
    const playerId = screen.player_id;
    if (playerId !== null && (await this.players.find(playerId)) !== undefined) {
      await this.players.unpair(playerId);
      await this.players.raiseCommand(playerId, 'reset_credentials');
    }
    const tags = (await tagsOfScreens(this.db, [screen.id])).get(screen.id) ?? [];
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('screens').where('id', '=', screen.id).execute();
      await recordChange(
        trx,
        by,
        {
          action: 'screen.unpair',
          target: { type: 'screen', id: screen.id },
          before: { ...audited(screen, tags), playerId },
        },
        this.options.clock(),
      );
    });
    return { deleted: screen.id, playerId };
  }

  /** Screens of the organisation whose content names the media file. */
  async showing(orgId: string, mediaId: string): Promise<Pick<Screen, 'id' | 'name'>[]> {
    const rows = await this.db
      .selectFrom('screens')
      .select(['id', 'name', 'content'])
      .where('org_id', '=', orgId)
      .where('content', 'like', `%"mediaId":"${mediaId}"%`)
      .execute();
    return rows
      .filter((row) => row.content.includes(`"mediaId":"${mediaId}"`))
      .map((row) => ({ id: row.id, name: row.name }));
  }

  /**
   * Refreshes every screen showing the media file (its bytes were replaced): in its own items, or through a
   * playlist containing it; their items get the new ?v= and a new version.
   */
  async mediaReplaced(orgId: string, mediaId: string): Promise<void> {
    const { playlists } = this.options;
    const containing = await playlists.containingMedia(orgId, mediaId);
    const screens = await playlists.screensShowing(
      orgId,
      containing.map((playlist) => playlist.id),
    );
    for (const screen of await this.showing(orgId, mediaId)) screens.add(screen.id);
    await this.timelines.refresh(orgId, screens);
  }

  // ---- commands ----

  // The command's entry is written in the transaction of its command row (players/commandFlags.ts).
  async raiseCommand(by: Changer, id: string, request: CommandRequest): Promise<CommandView> {
    assertKnownCommand(request.command);
    const screen = await this.find(by.orgId, id);
    return raiseScreenCommand(this.options, screen, request.command, request.param, (trx, [raised]) =>
      recordChange(
        trx,
        by,
        {
          action: 'command.raise',
          target: { type: 'screen', id: screen.id },
          after: { command: request.command, param: request.param ?? null, commandId: raised?.id ?? null },
        },
        raised?.raisedAt ?? this.options.clock(),
      ).then(() => undefined),
    );
  }

  // One entry for the whole request, written with the last of its command rows (2,000 rows a transaction).
  async raiseBulkCommand(by: Changer, request: BulkCommandRequest): Promise<BulkCommandAnswer> {
    return raiseBulkCommand(this.options, by.orgId, request, (trx, screenIds, skipped) =>
      recordChange(
        trx,
        by,
        {
          action: 'command.bulk',
          target: { type: 'screen', id: null },
          after: { command: request.command, param: request.param ?? null, screenIds, skipped },
        },
        this.options.clock(),
      ).then(() => undefined),
    );
  }

  /** The screen's latest commands, newest first, pending and acknowledged. */
  async commands(orgId: string, id: string): Promise<CommandView[]> {
    const screen = await this.find(orgId, id);
    return listScreenCommands(this.options, orgId, screen.id);
  }
}
