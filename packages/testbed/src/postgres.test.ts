import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from './postgres';

const commandOf = (pid: number) => fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();

describe('startPostgres', () => {
  let server: PostgresServer;
  afterAll(async () => server?.stop());

  it('names its processes, the postmaster first and a backend for each connection, and none once stopped', async () => {
    server = await startPostgres();
    const [postmaster, ...children] = server.processIds();
    expect(commandOf(postmaster as number)).toBe('postgres');
    expect(children.length).toBeGreaterThan(0); // checkpointer, writer, WAL writer…
    const client = new pg.Client({ connectionString: await server.createDatabase() });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(server.processIds()).toContain(rows[0]?.pid);
    await client.end();
    await server.stop();
    expect(server.processIds()).toEqual([]);
  });
});
