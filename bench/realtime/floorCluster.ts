// The floor's store and fan-out when it runs as one of several nodes (floorServer.ts with FLOOR_PG and FLOOR_REDIS):
// the least a cluster of raw servers can do to keep what it acknowledges and to reach a player on any node.
//
// - Changes queued while a commit is in flight go to PostgreSQL together, one statement per kind (replace, merge,
//   remove) in one transaction, then are answered and pushed: as the durable floor commits to SQLite, and as Marquee
//   commits a batch (apps/server/src/realtime/postgresGroupCommit.ts, read, not imported).
// - A committed change is pushed to this node's listeners at once and PUBLISHed on its path's channel, the whole
//   batch in one EVAL (as Marquee's redisPubSub.ts does); a node SUBSCRIBEs to a path's channel while one of its
//   sockets listens there, and skips its own messages when they come back.
// - A listen's current value is read from PostgreSQL (the reads of one turn in one query) after its SUBSCRIBE is
//   confirmed, so no change falls between the two.
// - A command sent to every player goes to every node on one channel; each raises it on its own listeners and says
//   when they are committed; the node that took the request answers once every node has.

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';

/** One change to store: a value replacing the path's, merged into it (a command's flag), or null to remove. */
export interface ClusterChange {
  path: string;
  /** JSON text of the value; null removes the path. */
  text: string | null;
  merge: boolean;
  /** Called once committed with the value now stored (JSON text, null once removed), or with an error. */
  done: (stored: string | null, error?: unknown) => void;
}

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  /** How many nodes a fleet-wide command waits for. */
  nodes: number;
  /** A change committed on any node (this one included), to push to this node's listeners. */
  deliver: (path: string, text: string | null) => void;
  /** A fleet-wide command reached this node: raise it on its listeners, resolve once they are committed. */
  raiseOnAll: (body: string) => Promise<void>;
}

/** Pairs (channel, message) PUBLISHed in one script, as Marquee's redisPubSub.ts sends a batch. */
const PUBLISH_ALL = "for i = 1, #ARGV, 2 do redis.call('publish', ARGV[i], ARGV[i + 1]) end return 0";
const PUBLISH_ALL_MAX = 1000;
const CHANNEL_PREFIX = 'floor:';
const BROADCAST_CHANNEL = 'floor-broadcast';
const BROADCAST_DONE_CHANNEL = 'floor-broadcast-done';

export interface ClusterStore {
  store(change: ClusterChange): void;
  /** The path's current value (JSON text, null when absent), once this node hears the path's changes. */
  listen(path: string): Promise<string | null>;
  /** This node stopped listening to `path`. */
  unlisten(path: string): void;
  /** Raises a command on every node's listeners; resolves once every node committed it. */
  broadcast(body: string): Promise<void>;
}

export async function openClusterStore(options: ClusterOptions): Promise<ClusterStore> {
  const nodeId = randomUUID().slice(0, 8);
  const writer = new pg.Client({ connectionString: options.databaseUrl });
  const reader = new pg.Client({ connectionString: options.databaseUrl });
  await Promise.all([writer.connect(), reader.connect()]);
  await writer.query('CREATE TABLE IF NOT EXISTS floor_values (path TEXT PRIMARY KEY, value JSONB NOT NULL)');
  const publisher = new Redis(options.redisUrl, { enableAutoPipelining: true });
  const subscriber = new Redis(options.redisUrl);

  // ---- commits ----
  let queue: ClusterChange[] = [];
  /** A commit is scheduled or in flight: changes queue for the next. */
  let committing = false;
  const commitAll = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      let stored: (string | null)[];
      try {
        stored = await commit(writer, batch);
      } catch (error) {
        for (const change of batch) change.done(null, error);
        continue;
      }
      const messages: string[] = [];
      for (let index = 0; index < batch.length; index++) {
        const change = batch[index]!;
        const text = stored[index]!;
        options.deliver(change.path, text);
        messages.push(`${CHANNEL_PREFIX}${change.path}`, `${nodeId} ${text ?? 'null'}`);
        change.done(text);
      }
      for (let start = 0; start < messages.length; start += 2 * PUBLISH_ALL_MAX) {
        const slice = messages.slice(start, start + 2 * PUBLISH_ALL_MAX);
        publisher.eval(PUBLISH_ALL, 0, ...slice).catch((error: unknown) => {
          process.stderr.write(`floor: publish failed: ${String(error)}\n`);
        });
      }
    }
    committing = false;
  };

  // ---- reads of listens ----
  let reads = new Map<string, ((text: string | null) => void)[]>();
  const readAll = async () => {
    const wanted = reads;
    reads = new Map();
    const paths = [...wanted.keys()];
    const found = new Map<string, string>();
    try {
      const result = await reader.query<{ path: string; value: string }>(
        'SELECT path, value::text AS value FROM floor_values WHERE path = ANY($1)',
        [paths],
      );
      for (const row of result.rows) found.set(row.path, row.value);
    } catch (error) {
      process.stderr.write(`floor: read failed: ${String(error)}\n`);
    }
    for (const [path, waiting] of wanted) for (const resolve of waiting) resolve(found.get(path) ?? null);
  };
  const read = (path: string) =>
    new Promise<string | null>((resolve) => {
      if (reads.size === 0) setImmediate(() => void readAll());
      const waiting = reads.get(path);
      if (waiting === undefined) reads.set(path, [resolve]);
      else waiting.push(resolve);
    });

  // ---- subscriptions ----
  const listened = new Map<string, number>();
  const pendingBroadcasts = new Map<string, { left: number; resolve: () => void }>();
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === BROADCAST_CHANNEL) {
      const space = message.indexOf(' ');
      const id = message.slice(0, space);
      void options
        .raiseOnAll(message.slice(space + 1))
        .catch((error: unknown) => process.stderr.write(`floor: fleet-wide raise failed: ${String(error)}\n`))
        .finally(() => void publisher.publish(BROADCAST_DONE_CHANNEL, id));
      return;
    }
    if (channel === BROADCAST_DONE_CHANNEL) {
      const pending = pendingBroadcasts.get(message);
      if (pending !== undefined && --pending.left === 0) {
        pendingBroadcasts.delete(message);
        pending.resolve();
      }
      return;
    }
    const space = message.indexOf(' ');
    if (message.slice(0, space) === nodeId) return;
    const text = message.slice(space + 1);
    options.deliver(channel.slice(CHANNEL_PREFIX.length), text === 'null' ? null : text);
  });
  await subscriber.subscribe(BROADCAST_CHANNEL, BROADCAST_DONE_CHANNEL);

  return {
    store(change) {
      queue.push(change);
      if (committing) return;
      committing = true;
      // The changes of this turn go together.
      setImmediate(() => void commitAll());
    },
    async listen(path) {
      const count = listened.get(path) ?? 0;
      listened.set(path, count + 1);
      if (count === 0) await subscriber.subscribe(`${CHANNEL_PREFIX}${path}`);
      return read(path);
    },
    unlisten(path) {
      const count = (listened.get(path) ?? 1) - 1;
      if (count > 0) {
        listened.set(path, count);
        return;
      }
      listened.delete(path);
      void subscriber.unsubscribe(`${CHANNEL_PREFIX}${path}`);
    },
    broadcast(body) {
      const id = randomUUID();
      return new Promise((resolve) => {
        pendingBroadcasts.set(id, { left: options.nodes, resolve });
        void publisher.publish(BROADCAST_CHANNEL, `${id} ${body}`);
      });
    },
  };
}

/**
 * Commits `batch` in one transaction and answers the value each change left (JSON text; null when removed). A path
 * changed twice in a batch is changed twice, in order: the batch is cut in rounds where each path appears once (one
 * statement cannot touch a row twice).
 */
async function commit(client: pg.Client, batch: readonly ClusterChange[]): Promise<(string | null)[]> {
  const stored: (string | null)[] = new Array(batch.length);
  const rounds: number[][] = [];
  const roundOf = new Map<string, number>();
  for (let index = 0; index < batch.length; index++) {
    const path = batch[index]!.path;
    const round = (roundOf.get(path) ?? -1) + 1;
    roundOf.set(path, round);
    (rounds[round] ??= []).push(index);
  }
  const statements: { sql: string; values: unknown[]; returns: number[] | null }[] = [];
  for (const round of rounds) {
    const replace = round.filter((index) => batch[index]!.text !== null && !batch[index]!.merge);
    const merge = round.filter((index) => batch[index]!.text !== null && batch[index]!.merge);
    const remove = round.filter((index) => batch[index]!.text === null);
    if (replace.length > 0) {
      statements.push({
        sql:
          'INSERT INTO floor_values (path, value) SELECT * FROM unnest($1::text[], $2::jsonb[]) ' +
          'ON CONFLICT (path) DO UPDATE SET value = excluded.value',
        values: [replace.map((index) => batch[index]!.path), replace.map((index) => batch[index]!.text)],
        returns: null,
      });
      for (const index of replace) stored[index] = batch[index]!.text;
    }
    if (merge.length > 0) {
      statements.push({
        sql:
          'INSERT INTO floor_values AS old (path, value) SELECT * FROM unnest($1::text[], $2::jsonb[]) ' +
          'ON CONFLICT (path) DO UPDATE SET value = old.value || excluded.value RETURNING path, value::text AS value',
        values: [merge.map((index) => batch[index]!.path), merge.map((index) => batch[index]!.text)],
        returns: merge,
      });
    }
    if (remove.length > 0) {
      statements.push({
        sql: 'DELETE FROM floor_values WHERE path = ANY($1)',
        values: [remove.map((index) => batch[index]!.path)],
        returns: null,
      });
      for (const index of remove) stored[index] = null;
    }
  }
  const transaction = statements.length > 1;
  if (transaction) await client.query('BEGIN');
  try {
    for (const statement of statements) {
      const result = await client.query<{ path: string; value: string }>(statement.sql, statement.values);
      if (statement.returns === null) continue;
      const byPath = new Map(result.rows.map((row) => [row.path, row.value]));
      for (const index of statement.returns) stored[index] = byPath.get(batch[index]!.path) ?? null;
    }
    if (transaction) await client.query('COMMIT');
  } catch (error) {
    if (transaction) await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  return stored;
}
