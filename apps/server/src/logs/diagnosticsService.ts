// What a screen's player reported, read back for the studio (docs/management-api.md §Diagnostics): the latest
// screenshot, the last device record, and the recent log lines and error reports, newest first a page at a time
// (paging.ts). Only what the player sent while it belonged to the operator's organisation is shown.

import type { Kysely } from 'kysely';
import type { DeviceAnswer, ErrorPage, LogPage, LogQuery, PageQuery } from '@marquee/management-api';
import type { Database } from '../db/schema';
import { notFound } from '../domain/errors';
import type { ScreenService } from '../screens/screenService';
import { newestFirst } from './paging';

export interface Screenshot {
  id: string;
  contentType: string;
  data: Buffer;
  takenAt: number;
}

/** The JSON in a column; undefined when there is none or it does not parse. */
function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The sender's payload, clock and stack kept in a data column (logService.ts). */
function unpackData(text: string | null): { data: unknown; time: number | null; stack: string | null } {
  const value = parseJson(text) as { data?: unknown; time?: unknown; stack?: unknown } | null | undefined;
  if (typeof value !== 'object' || value === null) return { data: null, time: null, stack: null };
  return {
    data: value.data ?? null,
    time: typeof value.time === 'number' ? value.time : null,
    stack: typeof value.stack === 'string' ? value.stack : null,
  };
}

export class DiagnosticsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly screens: ScreenService,
  ) {}

  /** The screen's latest screenshot; 404 NO_SCREENSHOT when none was taken. */
  async screenshot(orgId: string, screenId: string): Promise<Screenshot> {
    const screen = await this.screens.find(orgId, screenId);
    const shot =
      screen.player_id === null
        ? undefined
        : await this.db
            .selectFrom('screenshots')
            .select(['id', 'content_type', 'data', 'taken_at'])
            .where('player_id', '=', screen.player_id)
            .where('org_id', '=', orgId)
            .where('screen_id', '=', screen.id)
            .orderBy('taken_at', 'desc')
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst();
    if (shot === undefined) throw notFound('NO_SCREENSHOT', 'No screenshot of this screen has arrived yet');
    return {
      id: shot.id,
      contentType: shot.content_type,
      data: Buffer.from(shot.data),
      takenAt: shot.taken_at,
    };
  }

  /** The last device record of the screen's player; 404 NO_DEVICE_RECORD when none arrived. */
  async device(orgId: string, screenId: string): Promise<DeviceAnswer> {
    const playerId = await this.playerOf(orgId, screenId);
    const player =
      playerId === null
        ? undefined
        : await this.db
            .selectFrom('players')
            .select(['last_device_record', 'updated_at'])
            .where('id', '=', playerId)
            .executeTakeFirst();
    const device = parseJson(player?.last_device_record ?? null);
    if (player === undefined || device === undefined) {
      throw notFound('NO_DEVICE_RECORD', 'No device record of this screen has arrived yet');
    }
    return { device, updatedAt: player.updated_at };
  }

  /** The player's recent log lines, newest first, of `query.level` when given. */
  async logs(orgId: string, screenId: string, query: LogQuery): Promise<LogPage> {
    const playerId = await this.playerOf(orgId, screenId);
    if (playerId === null) return { lines: [], nextCursor: null };
    let select = this.db
      .selectFrom('logs')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('org_id', '=', orgId);
    if (query.level !== undefined) select = select.where('level', '=', query.level);
    const { rows, nextCursor } = await newestFirst(select, query.limit, query.cursor);
    const lines = rows.map((row) => {
      const { data, time } = unpackData(row.data);
      const { id, service, level, message, created_at: createdAt } = row;
      return { id, service, level, message, data, time, createdAt };
    });
    return { lines, nextCursor };
  }

  /** The player's recent error reports, newest first. */
  async errors(orgId: string, screenId: string, query: PageQuery): Promise<ErrorPage> {
    const playerId = await this.playerOf(orgId, screenId);
    if (playerId === null) return { errors: [], nextCursor: null };
    const select = this.db
      .selectFrom('error_reports')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('org_id', '=', orgId);
    const { rows, nextCursor } = await newestFirst(select, query.limit, query.cursor);
    const errors = rows.map((row) => {
      const { data, time, stack } = unpackData(row.data);
      const { id, service, message, created_at: createdAt } = row;
      return { id, service, message, stack, data, time, createdAt };
    });
    return { errors, nextCursor };
  }

  /** The player of the organisation's screen (null when it has none); 404 for another organisation's screen. */
  private async playerOf(orgId: string, screenId: string): Promise<string | null> {
    return (await this.screens.find(orgId, screenId)).player_id;
  }
}
