import { describe, expect, it } from 'vitest';
import {
  formatPhaseStatements,
  formatStatements,
  statementKind,
  summarizeStatements,
  type StatementRow,
} from './statements';

// Texts as pg_stat_statements stored them in a three-node reconnect storm: kysely writes one parameter per item.
const insertOne =
  'insert into "armed_disconnects" ("id", "node_id", "path") values ($1, $2, $3) on conflict ("id") do update set "node_id" = excluded."node_id"';
const insertThree =
  'insert into "armed_disconnects" ("id", "node_id", "path") values ($1, $2, $3), ($4, $5, $6), ($7, $8, $9) on conflict ("id") do update set "node_id" = excluded."node_id"';
const checkTwo = `select "player_id", "path" from "armed_disconnects"
  where "player_id" in ($1, $2) and "created_at" > $3`;
const checkFive =
  'select "player_id", "path" from "armed_disconnects" where "player_id" in ($1, $2, $3, $4, $5) and "created_at" > $6';

describe('statementKind', () => {
  it('gives batches of any size of one statement the same kind', () => {
    expect(statementKind(insertOne)).toBe(statementKind(insertThree));
    expect(statementKind(checkTwo)).toBe(statementKind(checkFive));
  });

  it('keeps statements that differ in more than their lists apart', () => {
    expect(statementKind(checkFive)).not.toBe(statementKind(checkFive.replace('> $6', '< $6')));
    expect(statementKind('SELECT path FROM realtime_documents WHERE path = ANY($1::text[])')).toBe(
      'SELECT path FROM realtime_documents WHERE path = ANY($n::text[])',
    );
  });
});

describe('summarizeStatements', () => {
  const rows: StatementRow[] = [
    { query: insertOne, calls: 1000, rows: 1000, execMs: 150 },
    { query: insertThree, calls: 300, rows: 900, execMs: 90 },
    { query: checkTwo, calls: 50, rows: 0, execMs: 5 },
    { query: checkFive, calls: 400, rows: 10, execMs: 60 },
    { query: 'SELECT 1', calls: 2, rows: 2, execMs: 300 },
  ];

  it('sums the phase and each kind over its variants, the most executing kinds first', () => {
    const summary = summarizeStatements(rows);
    expect(summary).toMatchObject({ statements: 1752, rows: 1912 });
    expect(summary.execMs).toBeCloseTo(605);
    expect(summary.kinds.map((kind) => [kind.calls, kind.rows, kind.variants])).toEqual([
      [2, 2, 1],
      [1300, 1900, 2],
      [450, 10, 2],
    ]);
    expect(summary.kinds[1]?.execMs).toBeCloseTo(240);
  });

  it('lists only as many kinds as asked', () => {
    expect(summarizeStatements(rows, 1).kinds).toHaveLength(1);
  });

  it('reports statements per player and the rows per statement of each kind', () => {
    const lines = formatStatements('storm', summarizeStatements(rows, 2), { count: 20_000, unit: 'player' });
    expect(lines[0]).toBe('  storm: 1,752 statements (0.09 per player), 1,912 rows, 605 ms executing');
    expect(lines[2]).toMatch(/^ +1,300 × +1\.5 rows +240 ms {2}insert into "armed_disconnects"/);
  });

  it("names the target, then each phase it counted, in the phases' order", () => {
    const summary = summarizeStatements(rows, 0);
    const lines = formatPhaseStatements(
      'cluster',
      { connect: summary, command: undefined, storm: summary },
      { storm: { count: 876, unit: 'player' } },
    );
    expect(lines).toEqual([
      'cluster',
      '  connect: 1,752 statements, 1,912 rows, 605 ms executing',
      '  storm: 1,752 statements (2.00 per player), 1,912 rows, 605 ms executing',
    ]);
  });
});
