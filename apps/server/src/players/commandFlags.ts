// Remote commands as action flags (docs/player.md §Action flags): raising a command sets
// players/{id}/action_flags/{name} (the tree is the queue: a player that is away runs it when it comes back) and
// records it in the commands table; the player's acknowledgement clears the flag and marks its pending commands
// acknowledged. One command raised on a whole fleet is one call: the flags join the realtime store's group commit,
// set a slice at a time, and the rows go in transactions of 500, with turns of the event loop between them.

import type { Kysely } from 'kysely';
import { playerBranchPath, type ActionFlags } from '@marquee/protocol';
import type { Database } from '../db/schema';
import { nextTurn } from '../eventLoop';
import { newId } from '../ids';
import type { DocumentStore } from '../realtime/documentStore';

/** A command's parameter: the flag's value instead of true (the screenshot's). */
export type CommandParam = ActionFlags[string];

/** The player a command is raised on, and the screen and organisation it is recorded for. */
export interface CommandTarget {
  playerId: string;
  screenId: string | null;
  orgId: string | null;
}

export interface RaisedCommand {
  id: string;
  playerId: string;
  screenId: string | null;
  name: string;
  /** The flag's value: the parameter, or true. */
  param: CommandParam;
  raisedAt: number;
}

export interface ClearedFlag {
  acknowledgedAt: number;
  commands: { id: string; screen_id: string | null; org_id: string | null }[];
}

/** Rows per INSERT, well below SQLite's limit of bound variables. */
const INSERT_CHUNK = 500;
/**
 * Flags set between two turns of the event loop: a fleet's 20,000 at once held it for a third of a second, 500 a
 * turn (with the group commit of the previous 500 and their change events to the screens) for a tenth, and 200 for
 * 65 to 116 ms over a day's runs, the budget being 100.
 */
const SET_SLICE = 100;
/**
 * Command rows per transaction: each commits on its own, so the event loop gets a turn between them (never inside
 * one, db/cooperativeDriver.ts); 2,000 held it for 20 to 40 ms.
 */
const ROWS_PER_TRANSACTION = 500;

/**
 * Written in the transaction of the last command rows (the audit entry of the commands, audit/auditRecord.ts), so
 * the rows and what records them are committed together.
 */
export type RecordRaised = (trx: Kysely<Database>, raised: readonly RaisedCommand[]) => Promise<void>;

export class CommandFlags {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly documents: DocumentStore,
    private readonly clock: () => number,
  ) {}

  /**
   * Raises `name` on every target (its flag set to `param`, or true) and records one command each; `record` is
   * written with the last of the rows.
   */
  async raise(
    targets: readonly CommandTarget[],
    name: string,
    param?: CommandParam,
    record?: RecordRaised,
  ): Promise<RaisedCommand[]> {
    const value = param ?? true;
    const raisedAt = this.clock();
    const sets: Promise<unknown>[] = [];
    for (let start = 0; start < targets.length; start += SET_SLICE) {
      if (start > 0) await nextTurn();
      for (const target of targets.slice(start, start + SET_SLICE)) {
        // Ahead of the screens' own writes: an operator waits for a command, a screen's status can wait.
        const set = this.documents.set(playerBranchPath(target.playerId, 'action_flags', name), value, {
          ahead: true,
        });
        set.catch(() => {}); // awaited below with the others; not unhandled while the next slice waits
        sets.push(set);
      }
    }
    await Promise.all(sets);
    const paramText = param === undefined ? null : JSON.stringify(param);
    // Ids made in one millisecond (after the first: increments), but still a fleet's worth: made a transaction's
    // rows at a time, so the event loop runs between them.
    const raised: RaisedCommand[] = [];
    // At least one pass, so `record` is written even when no target was raised.
    for (let start = 0; start < Math.max(targets.length, 1); start += ROWS_PER_TRANSACTION) {
      const part = targets.slice(start, start + ROWS_PER_TRANSACTION).map((target) => ({
        id: newId(raisedAt),
        player_id: target.playerId,
        screen_id: target.screenId,
        org_id: target.orgId,
        name,
        param: paramText,
        raised_at: raisedAt,
        acknowledged_at: null,
      }));
      for (const row of part) {
        raised.push({
          id: row.id,
          playerId: row.player_id,
          screenId: row.screen_id,
          name,
          param: value,
          raisedAt,
        });
      }
      const recordHere = record !== undefined && start + ROWS_PER_TRANSACTION >= targets.length;
      if (part.length <= INSERT_CHUNK && !recordHere) {
        if (part.length > 0) await this.db.insertInto('commands').values(part).execute();
        continue;
      }
      await this.db.transaction().execute(async (trx) => {
        for (let from = 0; from < part.length; from += INSERT_CHUNK) {
          await trx
            .insertInto('commands')
            .values(part.slice(from, from + INSERT_CHUNK))
            .execute();
        }
        if (recordHere) await record(trx, raised);
      });
    }
    return raised;
  }

  /**
   * Clears the flag `action` and marks the player's pending `action` commands acknowledged; answers when, and the
   * commands this call acknowledged (RETURNING: two acknowledgements racing each get their own, never the same).
   */
  async clear(playerId: string, action: string): Promise<ClearedFlag> {
    const now = this.clock();
    await this.documents.remove(playerBranchPath(playerId, 'action_flags', action));
    const commands = await this.db
      .updateTable('commands')
      .set({ acknowledged_at: now })
      .where('player_id', '=', playerId)
      .where('name', '=', action)
      .where('acknowledged_at', 'is', null)
      .returning(['id', 'screen_id', 'org_id'])
      .execute();
    return { acknowledgedAt: now, commands };
  }
}
