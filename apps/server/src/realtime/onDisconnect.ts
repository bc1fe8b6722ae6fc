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
//
// The database's check alone leaves a window when the player comes back to the same node while its old connection
// closes (a reconnect storm: every screen drops after a network blip and is back within a quarter of a second): the
// new connection writes its "connected" record, then arms; an old connection checking in between finds nothing
// armed and its "went away" write lands after the new record. So this node also follows its own connections: each
// write of a player (wrote; remembered only while an action of the player armed before it is held by another
// connection here or being fired, the only ones it can hold back), each authentication as the player (while one is
// being fired) and each arming (armedLocally) takes a place in one node-wide order. A closing connection's action is
// decided, and its write queued, in one synchronous step, and:
// - is skipped if another connection of the player here armed at its path after it;
// - holds, for as long as it takes, while another one has received a request to arm at its path and not answered it
//   (then skipped, or judged again if the arming fails): on a loaded node that can take longer than any fixed wait;
// - waits if another one wrote where it writes after it was armed and has not armed that path since (the player is
//   back, its new action about to be armed), until that connection arms (then skipped) or closes (then run, after
//   the database is asked again), at most SUCCESSOR_WAIT_MS for the connection (a client that writes and never
//   arms); and likewise if another one authenticated after it was armed and has armed nothing yet;
// - runs otherwise: then any write of the player's that follows was queued after it, and writes to one document
//   commit in the order queued, so the player's new record lands last.
// And an arming is answered only once the "went away" writes of the player's at that path already queued here are
// committed (previousWrites): none lands after the client knows its action is armed. Across nodes only the
// database's check holds: a new connection on another node that has written but not yet armed is not seen.
// A closing connection whose actions would all wait, hold or skip when its turn comes (disconnectPacing.ts) is
// decided here before it claims its rows or asks the database: once the player has armed again, it only deletes its
// rows.

import { sql, type Kysely } from 'kysely';
import {
  isPathPrefix,
  joinPath,
  parsePath,
  resolveServerValues,
  setAtPath,
  type RealtimeValue,
} from '@marquee/protocol';
import type { Database } from '../db/schema';
import { newId } from '../ids';
import { batchedByTurn } from '../turnBatched';
import type { ArmedRows } from './armedRows';
import { DisconnectPacing } from './disconnectPacing';
import { DOCUMENT_DEPTH, locateInDocument } from './documentPath';
import type { DocumentStore, WriteOptions } from './documentStore';
import { playerShapeCheck } from './playerShape';
import type { Principal, RealtimeRules } from './rules';
import { SuccessorWait } from './successorWait';

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
  /**
   * Its place in this node's order of its connections' writes and armings (DisconnectActions.armedLocally); absent
   * for an action read back from the database (a dead node's).
   */
  order?: number;
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
/**
 * How long a closing connection's action waits for a newer connection of its player to arm the same path, and how
 * long an arming waits for the player's "went away" writes already queued: a loaded node may take seconds between
 * a socket's authentication and its arming, and only a player with a newer connection that never arms (a client
 * without presence) sees its action run this much later.
 */
export const SUCCESSOR_WAIT_MS = 10_000;

const supersedeKey = (playerId: string, path: string) => `${playerId}\u0000${path}`;

const playerOf = (action: ArmedAction) =>
  action.principal.kind === 'player' ? action.principal.uid : undefined;

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
  /** Where live connections' rows are written (armedRows.ts: armedRowsFor the database). */
  rows: ArmedRows;
  documents: DocumentStore;
  rules: RealtimeRules;
  nodeId: string;
  clock: () => number;
  onError: (error: unknown, context: string) => void;
  /** Default SUCCESSOR_WAIT_MS. */
  successorWaitMs?: number;
  /** When closing connections start their work (disconnectPacing.ts); default: a pacing of its own. */
  pacing?: DisconnectPacing;
}

/** Distinct paths remembered per connection and player (the oldest forgotten first); a player writes a few. */
const REMEMBERED_WRITES = 64;

/**
 * What this node knows of one of its connections as a player: a possible successor of the player's closing
 * connections. A connection that re-authenticates as another player has one of these per player.
 */
interface LocalSession {
  readonly connectionId: string;
  readonly playerId: string;
  /** Its latest write at each path it wrote (segments, order), oldest first. */
  readonly writes: Map<string, { readonly key: string; readonly segments: string[]; order: number }>;
  /** What it has armed and not cancelled, by id, stamped with their order. */
  readonly armed: Map<string, ArmedAction>;
  /** Its place in the order when it authenticated as the player, if an action of the player was pending here then. */
  authenticated?: number;
}

/**
 * What a closing connection's action does now, as this node sees the player's other connections: `hold` is a wait
 * that no time limit ends (a newer connection is about to arm the same path).
 */
type LocalVerdict = 'run' | 'skip' | 'wait' | 'hold';

export class DisconnectActions {
  private readonly db: Kysely<Database>;
  private readonly rows: ArmedRows;
  private readonly documents: DocumentStore;
  private readonly rules: RealtimeRules;
  private readonly nodeId: string;
  private readonly clock: () => number;
  private readonly onError: (error: unknown, context: string) => void;
  private readonly successorWaitMs: number;
  private readonly pacing: DisconnectPacing;
  /** The last place given in this node's order of its connections' writes and armings (ArmedAction.order). */
  private order = 0;
  /** Sessions by connection, then player. */
  private readonly sessions = new Map<string, Map<string, LocalSession>>();
  private readonly sessionsByPlayer = new Map<string, Set<LocalSession>>();
  /** Closing connections of this node whose actions of a player are being judged or run: by player, how many. */
  private readonly firing = new Map<string, number>();
  /** Requests to arm received by a connection and not answered yet: by connection, then path, how many. */
  private readonly armsReceived = new Map<string, Map<string, number>>();
  /** Closing connections' actions waiting for a change among the player's connections, by player. */
  private readonly waiters = new Map<string, Set<() => void>>();
  /** Writes of actions queued on this node and not yet done, by player and path (supersedeKey). */
  private readonly queuedWrites = new Map<string, Set<Promise<unknown>>>();
  /**
   * withoutSuperseded for the closing connections of one turn together: when a fleet reconnects, 20,000 checks
   * become a few queries of SUPERSEDE_QUERY_CHUNK players instead of one query each.
   */
  private readonly checkSuperseded = batchedByTurn(async (batches: (readonly ArmedAction[])[]) => {
    const kept = new Set(await this.withoutSuperseded(batches.flat()));
    return batches.map((actions) => actions.filter((action) => kept.has(action)));
  });

  constructor(options: DisconnectActionsOptions) {
    this.db = options.db;
    this.rows = options.rows;
    this.documents = options.documents;
    this.rules = options.rules;
    this.nodeId = options.nodeId;
    this.clock = options.clock;
    this.onError = options.onError;
    this.successorWaitMs = options.successorWaitMs ?? SUCCESSOR_WAIT_MS;
    this.pacing = options.pacing ?? new DisconnectPacing();
  }

  /**
   * A connection of this node is about to queue a write of `principal` at `paths` (called before it is queued).
   * Until it arms at an overlapping path or closes, a closing connection of the same player whose action was armed
   * before this write and overlaps it waits: run now, the action would land after the write.
   */
  wrote(connectionId: string, principal: Principal, paths: readonly (readonly string[])[]): void {
    if (principal.kind !== 'player' || !this.writeMatters(connectionId, principal.uid)) return;
    const session = this.session(connectionId, principal.uid);
    const order = ++this.order;
    for (const segments of paths) {
      const key = joinPath(segments);
      // A path written again keeps its entry and its key, re-inserted last (the map stays oldest first): a player
      // writes the same few paths over and over, and a new entry per write would live until its next write.
      const known = session.writes.get(key);
      if (known !== undefined) {
        session.writes.delete(known.key);
        known.order = order;
        session.writes.set(known.key, known);
        continue;
      }
      session.writes.set(key, { key, segments: [...segments], order });
      if (session.writes.size > REMEMBERED_WRITES) session.writes.delete(session.writes.keys().next().value!);
    }
  }

  /**
   * A connection of this node has authenticated as `principal`. While a closing connection of the same player here
   * has actions to run, it is that player coming back: until it arms (or closes), those actions wait rather than run
   * (localVerdict). In a reconnect storm a screen authenticates seconds before its "connected" record is written,
   * and its old connection's claim, check and "went away" write are then work for nothing. (A second connection the
   * player opened while the first was live, one that watches, is not its return.)
   */
  authenticated(connectionId: string, principal: Principal): void {
    if (principal.kind !== 'player' || !this.firing.has(principal.uid)) return;
    const session = this.session(connectionId, principal.uid);
    session.authenticated ??= ++this.order;
    this.wake(principal.uid);
  }

  /**
   * `action`, which a connection of this node has just armed (and persisted), stamped with its place in the node's
   * order: from now on it supersedes the player's earlier actions at its path, and closing connections waiting for
   * it go on (and skip theirs).
   */
  armedLocally(connectionId: string, action: ArmedAction): ArmedAction {
    const stamped: ArmedAction = { ...action, order: ++this.order };
    if (action.principal.kind === 'player') {
      this.session(connectionId, action.principal.uid).armed.set(stamped.id, stamped);
      this.wake(action.principal.uid);
    }
    return stamped;
  }

  /**
   * A connection of this node has received a request to arm an action at `path` (normalized): from now until
   * armSettled, however long it waits to be read, checked and stored, a closing connection's action of the same
   * player at that path holds. On a node loaded by a storm, a newcomer's arming has been answered more than ten
   * seconds after its "connected" record was written, and running the old action then overwrote that record.
   */
  armReceived(connectionId: string, path: string): void {
    let paths = this.armsReceived.get(connectionId);
    if (paths === undefined) {
      paths = new Map();
      this.armsReceived.set(connectionId, paths);
    }
    paths.set(path, (paths.get(path) ?? 0) + 1);
  }

  /** Whether a connection of this node has received a request to arm and not answered it yet. */
  armsPending(): boolean {
    return this.armsReceived.size > 0;
  }

  /** Closing connections of this node whose actions of the player are being decided or run (tests, diagnostics). */
  closingOf(playerId: string): number {
    return this.firing.get(playerId) ?? 0;
  }

  /** The request armReceived told of has been answered (armed, or refused). */
  armSettled(connectionId: string, path: string): void {
    const paths = this.armsReceived.get(connectionId);
    const count = paths?.get(path);
    if (paths === undefined || count === undefined) return;
    if (count > 1) paths.set(path, count - 1);
    else paths.delete(path);
    if (paths.size === 0) this.armsReceived.delete(connectionId);
    for (const session of this.sessions.get(connectionId)?.values() ?? []) this.wake(session.playerId);
  }

  /** Actions a connection of this node has cancelled: they supersede nothing any more. */
  cancelledLocally(connectionId: string, actions: readonly ArmedAction[]): void {
    const sessions = this.sessions.get(connectionId);
    if (sessions === undefined) return;
    for (const action of actions) {
      if (action.principal.kind === 'player') sessions.get(action.principal.uid)?.armed.delete(action.id);
    }
  }

  /** A connection of this node closed (its actions are about to fire): it is no longer anyone's successor. */
  left(connectionId: string): void {
    this.armsReceived.delete(connectionId);
    const sessions = this.sessions.get(connectionId);
    if (sessions === undefined) return;
    this.sessions.delete(connectionId);
    for (const session of sessions.values()) {
      const players = this.sessionsByPlayer.get(session.playerId);
      players?.delete(session);
      if (players?.size === 0) this.sessionsByPlayer.delete(session.playerId);
      this.wake(session.playerId);
    }
  }

  /**
   * Resolves once the writes of the player's actions at `action`'s path queued on this node so far are done (or
   * after the successor wait): an arming is answered only then, so no older "went away" write is committed after
   * the client learnt its new action is armed.
   */
  async previousWrites(action: ArmedAction): Promise<void> {
    if (action.principal.kind !== 'player') return;
    const queued = this.queuedWrites.get(supersedeKey(action.principal.uid, action.path));
    if (queued === undefined || queued.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...queued]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, this.successorWaitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Persists armed actions of a live connection on this node. */
  async persist(connectionId: string, actions: readonly ArmedAction[]): Promise<void> {
    if (actions.length === 0) return;
    await this.rows.persist(
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
    );
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
    if (after !== document) check(after, document);
  }

  async cancel(ids: readonly string[]): Promise<void> {
    await this.rows.cancel(ids);
  }

  /**
   * Runs a closed connection's actions in order (those superseded by a live connection of the same player
   * skipped, each waiting for a newer connection of the player on this node that is about to arm its path), then
   * forgets them. Answers the number of actions applied.
   */
  async fire(connectionId: string, actions: readonly ArmedAction[]): Promise<number> {
    const players = [...new Set(actions.flatMap((action) => playerOf(action) ?? []))];
    for (const player of players) this.firing.set(player, (this.firing.get(player) ?? 0) + 1);
    try {
      return await this.fireActions(connectionId, actions, players);
    } finally {
      for (const player of players) {
        const left = (this.firing.get(player) ?? 1) - 1;
        if (left > 0) this.firing.set(player, left);
        else this.firing.delete(player);
      }
    }
  }

  private async fireActions(
    connectionId: string,
    actions: readonly ArmedAction[],
    players: readonly string[],
  ): Promise<number> {
    const wait = new SuccessorWait(this.successorWaitMs);
    try {
      return await this.decideAndRun(connectionId, actions, players, wait);
    } finally {
      wait.clear();
    }
  }

  private async decideAndRun(
    connectionId: string,
    actions: readonly ArmedAction[],
    players: readonly string[],
    wait: SuccessorWait,
  ): Promise<number> {
    const paced = this.pacing.start();
    if (paced !== undefined) await paced;
    if (await this.skippedLocally(actions, players, wait)) {
      // The player is back on this node and has armed again: nothing to run, nothing to ask the database.
      try {
        await this.rows.deleteConnection(connectionId);
      } catch (error) {
        this.onError(error, `deleting the onDisconnect actions of ${connectionId}`);
      }
      return 0;
    }
    let current = actions;
    try {
      // Rows renamed to a claim of this node: no longer "live" for a sibling connection's check, and still run by
      // a survivor should this node die before deleting them.
      await this.rows.claim(connectionId, `${this.nodeId}${CLAIM_SEPARATOR}${connectionId}`);
      current = await this.checkSuperseded(actions);
    } catch (error) {
      this.onError(error, `checking the onDisconnect actions of ${connectionId}`);
    }
    const applied = await this.run(current, { successors: wait });
    try {
      await this.rows.deleteConnection(connectionId);
    } catch (error) {
      this.onError(error, `deleting the onDisconnect actions of ${connectionId}`);
    }
    return applied;
  }

  /**
   * Whether every action is skipped on this node's word alone, waiting for that while none of them would run and
   * some wait for a newer connection of the player here (hold as long as an arming at their path is unanswered):
   * once that connection has armed, the old connection is done with no claim and no check in the database.
   */
  private async skippedLocally(
    actions: readonly ArmedAction[],
    players: readonly string[],
    wait: SuccessorWait,
  ): Promise<boolean> {
    for (;;) {
      const verdicts = actions.map((action) => this.localVerdict(action));
      if (verdicts.every((verdict) => verdict === 'skip')) return true;
      if (verdicts.includes('run')) return false;
      const holding = verdicts.includes('hold');
      if (!holding && wait.expired) return false;
      await this.change(players, holding ? undefined : wait.untilExpired());
    }
  }

  /**
   * `actions` without those superseded: a player's action at a path where the same player has armed an action
   * later, from a connection on a live node (rows under a claim, being run or adopted, do not count). An earlier
   * row never supersedes: it is the leftover of a connection that is gone (a dead node's, not yet adopted).
   */
  async withoutSuperseded(actions: readonly ArmedAction[]): Promise<ArmedAction[]> {
    const players = [...new Set(actions.flatMap((action) => playerOf(action) ?? []))];
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
   * applied (an action on a document that is gone is applied and changes nothing). With `successors` (a connection
   * of this node closed), each action first waits for the player's newer connections here (localVerdict), within
   * that limit.
   */
  async run(
    actions: readonly ArmedAction[],
    { successors }: { successors?: SuccessorWait } = {},
  ): Promise<number> {
    let applied = 0;
    for (const action of actions) {
      try {
        if (successors ? await this.writeUnlessSucceeded(action, successors) : await this.write(action))
          applied++;
      } catch (error) {
        this.onError(error, `onDisconnect ${action.op.action} at "${action.path}"`);
      }
    }
    return applied;
  }

  /**
   * Queues the write of a closing connection's action unless a connection of the same player on this node
   * supersedes it, waiting (within `wait`) while a newer one has yet to arm the same path. After a
   * wait, the database's check runs again (the player may have armed on another node meanwhile). The last verdict
   * and the queueing happen in one synchronous step: a connection that authenticates after it writes after the
   * action (writes to one document commit in the order queued). Answers whether the action was applied.
   */
  private async writeUnlessSucceeded(action: ArmedAction, wait: SuccessorWait): Promise<boolean> {
    if (action.principal.kind !== 'player' || action.order === undefined) return this.write(action);
    const players = [action.principal.uid];
    let waited = false;
    for (;;) {
      const verdict = this.localVerdict(action);
      if (verdict === 'skip') return false;
      if (verdict === 'hold' || (verdict === 'wait' && !wait.expired)) {
        await this.change(players, verdict === 'hold' ? undefined : wait.untilExpired());
        waited = true;
        continue;
      }
      if (waited) {
        waited = false;
        if (await this.supersededInDatabase(action)) return false;
        continue; // a connection may have come meanwhile: judge again, then queue at once
      }
      return await this.write(action);
    }
  }

  /**
   * Whether a write of `playerId` by `connectionId` can change a closing connection's verdict (localVerdict): only an
   * action armed before the write can wait for it, so one that another live connection of the player here holds, or
   * one being fired now. Otherwise nothing is remembered: a screen's every status write would otherwise make its
   * connection a session with its maps, for nothing.
   */
  private writeMatters(connectionId: string, playerId: string): boolean {
    if (this.firing.has(playerId)) return true;
    for (const session of this.sessionsByPlayer.get(playerId) ?? []) {
      if (session.connectionId !== connectionId && session.armed.size > 0) return true;
    }
    return false;
  }

  private session(connectionId: string, playerId: string): LocalSession {
    let sessions = this.sessions.get(connectionId);
    if (sessions === undefined) {
      sessions = new Map();
      this.sessions.set(connectionId, sessions);
    }
    let session = sessions.get(playerId);
    if (session === undefined) {
      session = { connectionId, playerId, writes: new Map(), armed: new Map() };
      sessions.set(playerId, session);
      let players = this.sessionsByPlayer.get(playerId);
      if (players === undefined) {
        players = new Set();
        this.sessionsByPlayer.set(playerId, players);
      }
      players.add(session);
    }
    return session;
  }

  /**
   * A closing connection's action, as this node sees the player's other connections now: `skip` when one of them
   * armed at the same path after it; `hold` when one has received a request to arm at that path and not answered it
   * (the action will be skipped, unless the arming fails); `wait` when one wrote where the action writes after it
   * was armed and has not armed that path since (the player is back: its new record is written, its new action about
   * to be armed), or authenticated after it was armed and has armed nothing yet; `run` otherwise.
   */
  private localVerdict(action: ArmedAction): LocalVerdict {
    if (action.principal.kind !== 'player' || action.order === undefined) return 'run';
    const armedOrder = action.order;
    const paths = writtenPaths(action);
    const overlaps = (segments: readonly string[]) =>
      paths.some((path) => isPathPrefix(path, segments) || isPathPrefix(segments, path));
    let verdict: LocalVerdict = 'run';
    for (const session of this.sessionsByPlayer.get(action.principal.uid) ?? []) {
      let armedLast = -Infinity;
      for (const other of session.armed.values()) {
        if (other.path === action.path) armedLast = Math.max(armedLast, other.order ?? -Infinity);
      }
      if (armedLast > armedOrder) return 'skip';
      if (verdict === 'hold' || this.armsReceived.get(session.connectionId)?.has(action.path) === true) {
        verdict = 'hold'; // only a later arming elsewhere (skip) can decide more now
        continue;
      }
      for (const { segments, order } of session.writes.values()) {
        if (order > armedOrder && order > armedLast && overlaps(segments)) verdict = 'wait';
      }
      // Back since the action was armed, and has armed nothing yet: its arming at this path is still to come.
      if (
        session.authenticated !== undefined &&
        session.authenticated > armedOrder &&
        session.armed.size === 0
      ) {
        verdict = 'wait';
      }
    }
    return verdict;
  }

  /** Resolves on the next change among the players' connections on this node, or with `until` (if any). */
  private async change(players: readonly string[], until: Promise<void> | undefined): Promise<void> {
    let wake: (() => void) | undefined;
    const changed = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const sets = players.map((playerId) => {
      let waiting = this.waiters.get(playerId);
      if (waiting === undefined) {
        waiting = new Set();
        this.waiters.set(playerId, waiting);
      }
      waiting.add(wake!);
      return [playerId, waiting] as const;
    });
    try {
      await (until === undefined ? changed : Promise.race([changed, until]));
    } finally {
      for (const [playerId, waiting] of sets) {
        waiting.delete(wake!);
        if (waiting.size === 0 && this.waiters.get(playerId) === waiting) this.waiters.delete(playerId);
      }
    }
  }

  private wake(playerId: string): void {
    const waiting = this.waiters.get(playerId);
    if (waiting === undefined) return;
    this.waiters.delete(playerId);
    for (const wake of waiting) wake();
  }

  /** The database's superseding check for one action (a failed check supersedes nothing). */
  private async supersededInDatabase(action: ArmedAction): Promise<boolean> {
    try {
      return (await this.checkSuperseded([action])).length === 0;
    } catch (error) {
      this.onError(error, `checking the onDisconnect action at "${action.path}"`);
      return false;
    }
  }

  /**
   * Queues the action's write (synchronously: the document store queues on call) unless the rules refuse it now,
   * and answers whether it was applied once it is done. A player's write is known to previousWrites until then.
   */
  private write(action: ArmedAction): Promise<boolean> {
    if (!writtenPaths(action).every((segments) => this.rules.mayWrite(action.principal, segments))) {
      this.onError(
        new Error(`onDisconnect ${action.op.action} at "${action.path}" refused by the rules`),
        'onDisconnect',
      );
      return Promise.resolve(false);
    }
    const options = writeOptions(action);
    const written =
      action.op.action === 'set'
        ? this.documents.set(action.path, action.op.value, options)
        : this.documents.update(action.path, action.op.value, options);
    if (action.principal.kind === 'player') {
      const key = supersedeKey(action.principal.uid, action.path);
      let queued = this.queuedWrites.get(key);
      if (queued === undefined) {
        queued = new Set();
        this.queuedWrites.set(key, queued);
      }
      const done = written.then(
        () => undefined,
        () => undefined,
      );
      queued.add(done);
      void done.then(() => {
        queued.delete(done);
        if (queued.size === 0 && this.queuedWrites.get(key) === queued) this.queuedWrites.delete(key);
      });
    }
    return written.then(() => true);
  }

  /**
   * Runs the actions of nodes that are no longer alive (`liveNodes`: node ids with an unexpired lease). The rows of
   * each dead node are first claimed by one UPDATE that renames their node id, so when several nodes sweep at once,
   * exactly one of them runs each row; the rows are deleted once run. Answers the number of actions applied.
   */
  async adoptOrphans(liveNodes: ReadonlySet<string>): Promise<number> {
    const nodes = await nodesHoldingRows(this.db);
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

/**
 * The node ids (and claims) that hold rows of armed_disconnects, one probe of its node_id index each: a few nodes hold
 * every connection's rows, and SELECT DISTINCT read them all to find those few, on every node at every lease renewal
 * (21 ms a call on PostgreSQL with 20,000 players' rows in a reconnect storm, 5 % of the database's time there, and
 * growing with the fleet). The next node id after each one, until none: min() over an index range is one lookup.
 */
async function nodesHoldingRows(db: Kysely<Database>): Promise<{ node_id: string }[]> {
  const { rows } = await sql<{ node_id: string }>`
    WITH RECURSIVE holders(node_id) AS (
      SELECT min(node_id) FROM armed_disconnects
      UNION ALL
      SELECT (SELECT min(node_id) FROM armed_disconnects WHERE node_id > holders.node_id)
      FROM holders WHERE holders.node_id IS NOT NULL
    )
    SELECT node_id FROM holders WHERE node_id IS NOT NULL`.execute(db);
  return rows;
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
