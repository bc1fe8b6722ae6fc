// onDisconnect actions (docs/protocols/realtime.md §onDisconnect): a set or update a connection arms to run when it
// closes or stops answering. Each armed action is kept in memory by its connection AND persisted in
// armed_disconnects with this node's id, so that when the node dies, a surviving node runs them once the node's
// lease has expired. Every action runs through the security rules with the principal that armed it, and its result
// must fit the player document's schema both when it is armed and when it runs (playerShape.ts); server timestamps
// in it are resolved when it runs, not when it was armed. An action never writes into a document that is gone: a
// hard-reset player's "went away" record must not bring its deleted document back.
//
// A player's action is superseded when the same player has armed an action at the same path LATER, from another
// live connection (on any live node): the player is back, and its old "went away" write must not overwrite the
// "connected" record of its new connection. This closes the presence race of a socket that died silently (its
// actions fire only after the idle timeout, often after the player reconnected) and of a node that died (its
// players reconnect elsewhere within seconds, its actions run only once its lease expired). Before checking, a
// closing connection marks its own rows (a claim, as adoption does), so two connections of one player closing at
// once never both skip: at least the last one runs.

import type { Kysely } from 'kysely';
import { joinPath, parsePath, resolveServerValues, setAtPath, type RealtimeValue } from '@marquee/protocol';
import type { Database } from '../db/schema';
import { newId } from '../ids';
import { DOCUMENT_DEPTH, locateInDocument } from './documentPath';
import type { DocumentStore, WriteOptions } from './documentStore';
import { playerShapeCheck } from './playerShape';
import type { Principal, RealtimeRules } from './rules';

export type DisconnectOp =
  | { action: 'set'; value: RealtimeValue }
  /** Keys are paths relative to the action's path, values in stored form (null removes). */
  | { action: 'update'; value: Record<string, RealtimeValue> };

export interface ArmedAction {
  id: string;
  /** Order of arming within the connection. */
  seq: number;
  /** When it was armed (epoch ms, the arming node's clock): a later arming by the same player supersedes it. */
  armedAt: number;
  /** Normalized absolute path. */
  path: string;
  op: DisconnectOp;
  principal: Principal;
}

/** The JSON of armed_disconnects.op. */
interface StoredOp {
  seq: number;
  action: DisconnectOp['action'];
  value: unknown;
  principal: Principal;
}

/** Joins a node id and a claim: rows adopted from a dead node belong to the adopting node while it lives. */
const CLAIM_SEPARATOR = '~';
/** Players per query of the superseding check (well under every engine's bound-parameter limit). */
const SUPERSEDE_QUERY_CHUNK = 500;

const supersedeKey = (playerId: string, path: string) => `${playerId}\u0000${path}`;

/** The node that owns rows carrying `nodeId` (the node itself, or the node that adopted them). */
export function ownerOf(nodeId: string): string {
  return nodeId.split(CLAIM_SEPARATOR)[0] as string;
}

/** Absolute paths an action writes: the node itself for a set, every key below it for an update. */
export function writtenPaths(action: Pick<ArmedAction, 'path' | 'op'>): string[][] {
  const base = parsePath(action.path);
  if (action.op.action === 'set') return [base];
  const keys = Object.keys(action.op.value);
  return keys.length === 0 ? [base] : keys.map((key) => [...base, ...parsePath(key)]);
}

/** The document after `action` ran on it at `now` (the same object when it changes nothing). */
export function applyAction(document: RealtimeValue, action: Pick<ArmedAction, 'path' | 'op'>, now: number) {
  const { relative } = locateInDocument(action.path);
  if (action.op.action === 'set')
    return setAtPath(document, relative, resolveServerValues(action.op.value, now));
  return Object.entries(action.op.value).reduce(
    (tree, [key, value]) =>
      setAtPath(tree, [...relative, ...parsePath(key)], resolveServerValues(value, now)),
    document,
  );
}

/** The conditions of an action's write: its result must fit, and its document must still exist. */
function writeOptions(action: ArmedAction): WriteOptions {
  return { check: playerShapeCheck(action.principal, writtenPaths(action)), onlyIfExists: true };
}

export interface DisconnectActionsOptions {
  db: Kysely<Database>;
  documents: DocumentStore;
  rules: RealtimeRules;
  nodeId: string;
  clock: () => number;
  onError: (error: unknown, context: string) => void;
}

export class DisconnectActions {
  private readonly db: Kysely<Database>;
  private readonly documents: DocumentStore;
  private readonly rules: RealtimeRules;
  private readonly nodeId: string;
  private readonly clock: () => number;
  private readonly onError: (error: unknown, context: string) => void;

  constructor(options: DisconnectActionsOptions) {
    this.db = options.db;
    this.documents = options.documents;
    this.rules = options.rules;
    this.nodeId = options.nodeId;
    this.clock = options.clock;
    this.onError = options.onError;
  }

  /** Persists armed actions of a live connection on this node. */
  async persist(connectionId: string, actions: readonly ArmedAction[]): Promise<void> {
    if (actions.length === 0) return;
    await this.db
      .insertInto('armed_disconnects')
      .values(
        actions.map((action) => ({
          id: action.id,
          node_id: this.nodeId,
          connection_id: connectionId,
          player_id: action.principal.kind === 'player' ? action.principal.uid : null,
          path: action.path,
          op: JSON.stringify({
            seq: action.seq,
            action: action.op.action,
            value: action.op.value,
            principal: action.principal,
          } satisfies StoredOp),
          created_at: action.armedAt,
        })),
      )
      // Persisted again after a lost lease, a row may still be held by the node that adopted it: take it back.
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({ node_id: eb.ref('excluded.node_id') })),
      )
      .execute();
  }

  /**
   * Throws (invalid_value, naming the field) unless `action`, run on the document as it is now, leaves it fitting
   * its schema: a connection checks this when the action is armed, before persisting it.
   */
  async checkArmed(action: ArmedAction): Promise<void> {
    const { check } = writeOptions(action);
    if (check === undefined) return;
    const { docPath } = locateInDocument(action.path);
    // An action that replaces whole branches (presence's "went away" record) leaves them the same whatever the
    // document holds: no read, on the path every player takes at every connection.
    const wholeBranches = writtenPaths(action).every((segments) => segments.length === DOCUMENT_DEPTH + 1);
    const document = wholeBranches ? null : (await this.documents.get(docPath)).value;
    const after = applyAction(document, action, this.clock());
    if (after !== document) check(after);
  }

  async cancel(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('armed_disconnects').where('id', 'in', ids).execute();
  }

  /**
   * Runs a closed connection's actions in order (those superseded by a live connection of the same player
   * skipped), then forgets them. Answers the number of actions applied.
   */
  async fire(connectionId: string, actions: readonly ArmedAction[]): Promise<number> {
    let current = actions;
    try {
      // Rows renamed to a claim of this node: no longer "live" for a sibling connection's check, and still run by
      // a survivor should this node die before deleting them.
      await this.db
        .updateTable('armed_disconnects')
        .set({ node_id: `${this.nodeId}${CLAIM_SEPARATOR}${connectionId}` })
        .where('connection_id', '=', connectionId)
        .execute();
      current = await this.withoutSuperseded(actions);
    } catch (error) {
      this.onError(error, `checking the onDisconnect actions of ${connectionId}`);
    }
    const applied = await this.run(current);
    try {
      await this.db.deleteFrom('armed_disconnects').where('connection_id', '=', connectionId).execute();
    } catch (error) {
      this.onError(error, `deleting the onDisconnect actions of ${connectionId}`);
    }
    return applied;
  }

  /**
   * `actions` without those superseded: a player's action at a path where the same player has armed an action
   * later, from a connection on a live node (rows under a claim, being run or adopted, do not count). An earlier
   * row never supersedes: it is the leftover of a connection that is gone (a dead node's, not yet adopted).
   */
  async withoutSuperseded(actions: readonly ArmedAction[]): Promise<ArmedAction[]> {
    const players = [
      ...new Set(
        actions.flatMap((action) => (action.principal.kind === 'player' ? [action.principal.uid] : [])),
      ),
    ];
    if (players.length === 0) return [...actions];
    /** Latest arming time of a live row, by player and path. */
    const live = new Map<string, number>();
    for (let start = 0; start < players.length; start += SUPERSEDE_QUERY_CHUNK) {
      const rows = await this.db
        .selectFrom('armed_disconnects')
        .innerJoin('server_nodes', 'server_nodes.id', 'armed_disconnects.node_id')
        .select(['armed_disconnects.player_id', 'armed_disconnects.path', 'armed_disconnects.created_at'])
        .where('armed_disconnects.player_id', 'in', players.slice(start, start + SUPERSEDE_QUERY_CHUNK))
        .where('server_nodes.lease_expires_at', '>=', this.clock())
        .execute();
      for (const row of rows) {
        const key = supersedeKey(row.player_id ?? '', row.path);
        live.set(key, Math.max(live.get(key) ?? -Infinity, Number(row.created_at)));
      }
    }
    return actions.filter((action) => {
      if (action.principal.kind !== 'player') return true;
      const latest = live.get(supersedeKey(action.principal.uid, action.path));
      return latest === undefined || latest <= action.armedAt;
    });
  }

  /**
   * Runs `actions` in order, each through the rules: an action the rules refuse now, or whose write fails (its
   * result no longer fits the schema), is reported and skipped; the others still run. Answers the number of actions
   * applied (an action on a document that is gone is applied and changes nothing).
   */
  async run(actions: readonly ArmedAction[]): Promise<number> {
    let applied = 0;
    for (const action of actions) {
      try {
        if (!writtenPaths(action).every((segments) => this.rules.mayWrite(action.principal, segments))) {
          this.onError(
            new Error(`onDisconnect ${action.op.action} at "${action.path}" refused by the rules`),
            'onDisconnect',
          );
          continue;
        }
        const options = writeOptions(action);
        if (action.op.action === 'set') await this.documents.set(action.path, action.op.value, options);
        else await this.documents.update(action.path, action.op.value, options);
        applied++;
      } catch (error) {
        this.onError(error, `onDisconnect ${action.op.action} at "${action.path}"`);
      }
    }
    return applied;
  }

  /**
   * Runs the actions of nodes that are no longer alive (`liveNodes`: node ids with an unexpired lease). The rows of
   * each dead node are first claimed by one UPDATE that renames their node id, so when several nodes sweep at once,
   * exactly one of them runs each row; the rows are deleted once run. Answers the number of actions applied.
   */
  async adoptOrphans(liveNodes: ReadonlySet<string>): Promise<number> {
    const nodes = await this.db.selectFrom('armed_disconnects').select('node_id').distinct().execute();
    let applied = 0;
    for (const { node_id: nodeId } of nodes) {
      if (liveNodes.has(ownerOf(nodeId))) continue;
      const claim = `${this.nodeId}${CLAIM_SEPARATOR}${newId(this.clock())}`;
      const claimed = await this.db
        .updateTable('armed_disconnects')
        .set({ node_id: claim })
        .where('node_id', '=', nodeId)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue; // another node was first
      const rows = await this.db
        .selectFrom('armed_disconnects')
        .select(['id', 'connection_id', 'path', 'op', 'created_at'])
        .where('node_id', '=', claim)
        .execute();
      const byConnection = new Map<string, ArmedAction[]>();
      for (const row of rows) {
        const action = parseRow(row);
        if (action === null) {
          this.onError(new Error(`unreadable onDisconnect row ${row.id}`), 'onDisconnect adoption');
          continue;
        }
        const list = byConnection.get(row.connection_id) ?? [];
        list.push(action);
        byConnection.set(row.connection_id, list);
      }
      for (const actions of byConnection.values()) {
        const current = await this.withoutSuperseded(actions.sort((a, b) => a.seq - b.seq));
        applied += await this.run(current);
      }
      await this.db.deleteFrom('armed_disconnects').where('node_id', '=', claim).execute();
    }
    return applied;
  }
}

function isPrincipal(value: unknown): value is Principal {
  if (typeof value !== 'object' || value === null) return false;
  const principal = value as Partial<Principal> & { orgId?: unknown };
  if (typeof principal.uid !== 'string') return false;
  if (principal.kind === 'player') return true;
  return principal.kind === 'operator' && (principal.orgId === null || typeof principal.orgId === 'string');
}

function parseRow(row: { id: string; path: string; op: string; created_at: number }): ArmedAction | null {
  let stored: Partial<StoredOp>;
  try {
    stored = JSON.parse(row.op) as Partial<StoredOp>;
  } catch {
    return null;
  }
  if (typeof stored.seq !== 'number' || !isPrincipal(stored.principal)) return null;
  const path = joinPath(parsePath(row.path));
  if (stored.action === 'set') {
    return {
      id: row.id,
      seq: stored.seq,
      armedAt: Number(row.created_at),
      path,
      op: { action: 'set', value: (stored.value ?? null) as RealtimeValue },
      principal: stored.principal,
    };
  }
  if (stored.action === 'update' && typeof stored.value === 'object' && stored.value !== null) {
    return {
      id: row.id,
      seq: stored.seq,
      armedAt: Number(row.created_at),
      path,
      op: { action: 'update', value: stored.value as Record<string, RealtimeValue> },
      principal: stored.principal,
    };
  }
  return null;
}
