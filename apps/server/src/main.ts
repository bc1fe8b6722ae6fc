// Entry point: `npm start` runs it compiled, `node apps/server/dist/main.js` (tools/build.mjs bundles it). Reads the
// configuration, migrates the database, listens, prints where the player, the studio and the API docs are, and
// shuts down cleanly on SIGTERM/SIGINT.

import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { NO_ACCEPTORS, addAcceptors } from './http/acceptors';

/** Connections the kernel queues before the server accepts them. */
const LISTEN_BACKLOG = 4096;

/** Longest wait for in-flight requests at shutdown before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * apps/, which holds the built front ends: two folders up from this file, which is apps/server/src/main.ts or, once
 * bundled, apps/server/dist/main.js (the bundle's import.meta.url is main.js's for every module in it).
 */
const APPS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function readConfig(): Config {
  try {
    // npm sets INIT_CWD to where `npm start` was typed, so ./data is beside the user, not inside apps/server.
    return loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // The database's failures in the background (an idle pool connection, SQLite's checkpoint thread): on stderr until
  // the app's log exists, then in it.
  let report = (error: Error, context: string) => console.error(`${context}: ${error.message}`);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    onPoolError: (error) => report(error, 'database pool'),
    onCheckpointError: (error) => report(error, 'SQLite checkpoints'),
  });
  const applied = await migrateToLatest(database.db, database.dialect);
  const app = await buildApp(config, { database, migrate: false, appsDir: APPS_DIR });
  report = (error, context) => app.log.error({ err: error }, context);
  app.log.info({ database: database.location, migrations: applied }, 'database ready');

  let stopping = false;
  let acceptors = NO_ACCEPTORS;
  const shutdown = (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: stopping (finishing requests in flight)`);
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    acceptors
      .close()
      .then(() => app.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // A fleet reconnecting at once (a restart, a network blip) overflows Node's default accept queue of 511: each
  // connection refused there costs its screen a SYN retransmit, one second and then three. The kernel caps this
  // at net.core.somaxconn (4096 on current Linux).
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  // And a busy node keeps accepting (http/acceptors.ts).
  acceptors = await addAcceptors(app.server, {
    backlog: LISTEN_BACKLOG,
    warn: (message) => app.log.warn(message),
  });
  const port = (app.server.address() as AddressInfo).port;
  const base = config.port === 0 ? config.publicUrl.replace(/:0$/, `:${port}`) : config.publicUrl;
  console.log(
    [
      `Marquee is running (${config.environment}, mode ${config.mode}).`,
      `  Player:   ${base}/`,
      `  Studio:   ${base}/studio/`,
      `  API docs: ${base}/docs`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('Marquee failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
