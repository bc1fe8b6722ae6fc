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
  PairRequest,
  ScreenSettings,
  ScreenView,
} from '@marquee/management-api';
import type { Config } from '../config';
import type { Database, Screen } from '../db/schema';
import { invalid, notFound } from '../domain/errors';
import { contentPlayerUrl } from '../hosting/runtimeConfig';
import type { MediaCatalog } from '../media/mediaCatalog';
import type { PlayerService } from '../players/playerService';
import type { DocumentStore } from '../realtime/documentStore';
import { mediaIdsOf, resolveSources } from './content';
import { pairScreen } from './pairing';
import { applyScreenChange, type ScreenChange } from './screenChanges';
import {
  assertKnownCommand,
  listScreenCommands,
  raiseBulkCommand,
  raiseScreenCommand,
} from './screenCommands';
import { screenViews } from './screenViews';

export interface ScreenServiceOptions {
  db: Kysely<Database>;
  documents: DocumentStore;
  players: PlayerService;
  media: MediaCatalog;
  clock: () => number;
  config: Pick<Config, 'publicUrl' | 'publicUrlFromEnv'>;
}

/** A change of a screen as the management API takes it (its PATCH body, parsed). */
export interface ScreenUpdate {
  name?: string;
  orientation?: ScreenSettings['orientation'];
  settings?: Omit<ScreenSettings, 'orientation'>;
  content?: ContentItems;
}

export class ScreenService {
  private readonly db: Kysely<Database>;
  private readonly players: PlayerService;
  private readonly changeDeps: Parameters<typeof applyScreenChange>[0];

  constructor(private readonly options: ScreenServiceOptions) {
    this.db = options.db;
    this.players = options.players;
    this.changeDeps = { ...options, publicUrl: options.config.publicUrl };
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

  /** The organisation's screens with live status, by name. */
  async list(orgId: string): Promise<ScreenView[]> {
    const screens = await this.db
      .selectFrom('screens')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return screenViews(this.options, screens);
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
  async pair(orgId: string, request: PairRequest): Promise<Screen> {
    return pairScreen(
      { ...this.options, contentPlayerUrl: contentPlayerUrl(this.options.config) },
      orgId,
      request,
    );
  }

  /** Changes name, orientation, settings or content; a content change raises the manifest version. */
  async update(orgId: string, id: string, update: ScreenUpdate): Promise<ScreenView> {
    const screen = await this.find(orgId, id);
    const { name, orientation, settings, content } = update;
    const change: ScreenChange = {};
    if (name !== undefined) change.name = name;
    const settingsChange = { ...settings, ...(orientation === undefined ? {} : { orientation }) };
    if (Object.keys(settingsChange).length > 0) change.settings = settingsChange;
    if (content !== undefined) {
      change.sources = resolveSources(content, await this.options.media.refs(orgId, mediaIdsOf(content)));
    }
    if (Object.keys(change).length === 0) {
      throw invalid(
        'NOTHING_TO_CHANGE',
        'Give at least one of name, orientation, settings or content',
        'body',
      );
    }
    return this.view(await applyScreenChange(this.changeDeps, screen.id, change));
  }

  /**
   * Unpairs the screen and deletes it: its player (if it still exists) gets a new pairing code, loses its app,
   * and is asked to rotate to credentials without org_id and screen_id.
   */
  async unpair(orgId: string, id: string): Promise<{ deleted: string; playerId: string | null }> {
    const screen = await this.find(orgId, id);
    const playerId = screen.player_id;
    if (playerId !== null && (await this.players.find(playerId)) !== undefined) {
      await this.players.unpair(playerId);
      await this.players.raiseCommand(playerId, 'reset_credentials');
    }
    await this.db.deleteFrom('screens').where('id', '=', screen.id).execute();
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

  /** Gives every screen showing the media file a new manifest (its bytes were replaced). */
  async mediaReplaced(orgId: string, mediaId: string): Promise<void> {
    for (const screen of await this.showing(orgId, mediaId)) {
      await applyScreenChange(this.changeDeps, screen.id, { rebuild: true });
    }
  }

  // ---- commands ----

  async raiseCommand(orgId: string, id: string, request: CommandRequest): Promise<CommandView> {
    assertKnownCommand(request.command);
    const screen = await this.find(orgId, id);
    return raiseScreenCommand(this.options, screen, request.command, request.param);
  }

  async raiseBulkCommand(orgId: string, request: BulkCommandRequest): Promise<BulkCommandAnswer> {
    return raiseBulkCommand(this.options, orgId, request);
  }

  /** The screen's latest commands, newest first, pending and acknowledged. */
  async commands(orgId: string, id: string): Promise<CommandView[]> {
    const screen = await this.find(orgId, id);
    return listScreenCommands(this.options, orgId, screen.id);
  }
}
