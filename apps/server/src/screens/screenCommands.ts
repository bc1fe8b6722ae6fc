// Remote commands on screens (docs/management-api.md §Commands): one screen's, or one command on many screens at
// once (fleet-wide changes). Either way the player service raises the action flags and records the commands; here
// the command is checked against the known flags and the screens against the operator's organisation.

import type { Kysely } from 'kysely';
import type { BulkCommandAnswer, BulkCommandRequest, CommandView } from '@marquee/management-api';
import { ACTION_FLAG_PRIORITY, isKnownActionFlag } from '@marquee/protocol';
import type { Command, Database, Screen } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import type { CommandParam, RecordRaised } from '../players/commandFlags';
import type { PlayerService } from '../players/playerService';

/** Commands listed per request. */
export const COMMANDS_PAGE_SIZE = 100;
/** Ids per IN (…) list, well below SQLite's limit of bound variables. */
const ID_CHUNK = 500;
/** Screens read per query when a command goes to all of an organisation's. */
export const SCREENS_PAGE_SIZE = 2000;

export interface ScreenCommandDeps {
  db: Kysely<Database>;
  players: PlayerService;
}

/** 400 UNKNOWN_COMMAND unless `command` is one of the known action flags. */
export function assertKnownCommand(command: string): void {
  if (!isKnownActionFlag(command)) {
    throw invalid('UNKNOWN_COMMAND', `command must be one of ${ACTION_FLAG_PRIORITY.join(', ')}`, 'command');
  }
}

function parseParam(text: string | null): unknown {
  if (text === null) return true;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function commandView(row: Command): CommandView {
  return {
    id: row.id,
    command: row.name,
    param: parseParam(row.param),
    state: row.acknowledged_at === null ? 'pending' : 'acknowledged',
    raisedAt: row.raised_at,
    acknowledgedAt: row.acknowledged_at,
  };
}

/**
 * Raises `command` on the screen's player; 409 NO_PLAYER when the screen has none any more. The player is the one
 * the screen row names (a deleted player's screen names none: the foreign key sets it null), as for a bulk command:
 * a command is on a screen's path to the player, and every query before the flag is set is time its screen waits.
 */
export async function raiseScreenCommand(
  deps: ScreenCommandDeps,
  screen: Screen,
  command: string,
  param?: CommandParam,
  record?: RecordRaised,
): Promise<CommandView> {
  if (screen.player_id === null) {
    throw conflict('NO_PLAYER', 'This screen has no player any more: pair a player with it first');
  }
  const target = { playerId: screen.player_id, screenId: screen.id, orgId: screen.org_id };
  const [raised] = await deps.players.raiseCommands([target], command, param, record);
  // Answered as raised (pending): the row was just written, reading it back would only delay the answer.
  const { id, name, param: value, raisedAt } = raised!;
  return { id, command: name, param: value, state: 'pending', raisedAt, acknowledgedAt: null };
}

/**
 * Raises `command` on the listed screens of the organisation, or on all of them. Any listed id that is not one of
 * the organisation's screens refuses the whole request (404 naming them) and raises nothing; screens without a
 * player are skipped and named.
 */
export async function raiseBulkCommand(
  deps: ScreenCommandDeps,
  orgId: string,
  request: BulkCommandRequest,
  record?: (trx: Kysely<Database>, screenIds: string[], skipped: string[]) => Promise<void>,
  pageSize = SCREENS_PAGE_SIZE,
): Promise<BulkCommandAnswer> {
  const { command, param, screenIds } = request;
  assertKnownCommand(command);
  const select = () =>
    deps.db.selectFrom('screens').select(['id', 'player_id']).where('org_id', '=', orgId).orderBy('id');
  let screens: { id: string; player_id: string | null }[];
  if (screenIds === undefined) {
    // A page per query: SQLite answers synchronously, and a fleet's screens at once held the event loop for 50 ms.
    screens = [];
    for (;;) {
      const last = screens.at(-1);
      const page = await (last === undefined ? select() : select().where('id', '>', last.id))
        .limit(pageSize)
        .execute();
      screens.push(...page);
      if (page.length < pageSize) break;
    }
  } else {
    const wanted = [...new Set(screenIds)];
    screens = [];
    for (let start = 0; start < wanted.length; start += ID_CHUNK) {
      screens.push(
        ...(await select()
          .where('id', 'in', wanted.slice(start, start + ID_CHUNK))
          .execute()),
      );
    }
    const found = new Set(screens.map((screen) => screen.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw notFound(
        'SCREEN_NOT_FOUND',
        `No screen ${missing.join(', ')} in your organisation`,
        'screenIds',
        {
          screenIds: missing,
        },
      );
    }
  }
  const targets = screens.flatMap((screen) =>
    screen.player_id === null ? [] : [{ playerId: screen.player_id, screenId: screen.id, orgId }],
  );
  const skipped = screens.filter((screen) => screen.player_id === null).map((screen) => screen.id);
  const raised = await deps.players.raiseCommands(
    targets,
    command,
    param,
    record === undefined
      ? undefined
      : (trx, rows) =>
          record(
            trx,
            rows.map((row) => row.screenId as string),
            skipped,
          ),
  );
  return {
    raised: raised.length,
    commands: raised.map((row) => ({ id: row.id, screenId: row.screenId as string, playerId: row.playerId })),
    skipped,
  };
}

/** The screen's latest COMMANDS_PAGE_SIZE commands, newest first. */
export async function listScreenCommands(
  deps: ScreenCommandDeps,
  orgId: string,
  screenId: string,
): Promise<CommandView[]> {
  const rows = await deps.db
    .selectFrom('commands')
    .selectAll()
    .where('screen_id', '=', screenId)
    .where('org_id', '=', orgId)
    .orderBy('raised_at', 'desc')
    .orderBy('id', 'desc')
    .limit(COMMANDS_PAGE_SIZE)
    .execute();
  return rows.map(commandView);
}
