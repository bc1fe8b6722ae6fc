// Remote commands as action flags (docs/player.md §Action flags): raising a command sets
// players/{id}/action_flags/{name} (the tree is the queue: a player that is away runs it when it comes back) and
// records it in the commands table; the player's acknowledgement clears the flag and marks its pending commands
// acknowledged. One command raised on a whole fleet is one call: the flags join the realtime store's group commit
// and the rows go in one transaction.

import type { Kysely } from 'kysely';
import { playerBranchPath, type ActionFlags } from '@marquee/protocol';
import type { Database } from '../db/schema';
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

/** Rows per INSERT, well below SQLite's limit of bound variables. */
const INSERT_CHUNK = 500;

export class CommandFlags {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly documents: DocumentStore,
    private readonly clock: () => number,
  ) {}

  /** Raises `name` on every target (its flag set to `param`, or true) and records one command each. */
  async raise(
    targets: readonly CommandTarget[],
    name: string,
    param?: CommandParam,
  ): Promise<RaisedCommand[]> {
    const value = param ?? true;
    const raisedAt = this.clock();
    await Promise.all(
      targets.map((target) =>
        this.documents.set(playerBranchPath(target.playerId, 'action_flags', name), value),
      ),
    );
    const rows = targets.map((target) => ({
      id: newId(raisedAt),
      player_id: target.playerId,
      screen_id: target.screenId,
      org_id: target.orgId,
      name,
      param: param === undefined ? null : JSON.stringify(param),
      raised_at: raisedAt,
      acknowledged_at: null,
    }));
    const chunks: (typeof rows)[] = [];
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      chunks.push(rows.slice(start, start + INSERT_CHUNK));
    }
    if (chunks.length === 1) {
      await this.db.insertInto('commands').values(rows).execute();
    } else if (chunks.length > 1) {
      await this.db.transaction().execute(async (trx) => {
        for (const chunk of chunks) await trx.insertInto('commands').values(chunk).execute();
      });
    }
    return rows.map((row) => ({
      id: row.id,
      playerId: row.player_id,
      screenId: row.screen_id,
      name,
      param: value,
      raisedAt,
    }));
  }

  /** Clears the flag `action` and marks the player's pending `action` commands acknowledged; answers when. */
  async clear(playerId: string, action: string): Promise<number> {
    const now = this.clock();
    await this.documents.remove(playerBranchPath(playerId, 'action_flags', action));
    await this.db
      .updateTable('commands')
      .set({ acknowledged_at: now })
      .where('player_id', '=', playerId)
      .where('name', '=', action)
      .where('acknowledged_at', 'is', null)
      .execute();
    return now;
  }
}
