// What the nodes asked of PostgreSQL in each phase (`--statements`), read from pg_stat_statements: how many
// statements per player, and which kinds took PostgreSQL's time. A count of statements and rows moves far less with
// the machine than a time does, so it shows whether a change made a phase's database work smaller even on a day the
// timings cannot.

import pg from 'pg';

/** One entry of pg_stat_statements: a statement text with its constants as parameters, summed over its calls. */
export interface StatementRow {
  query: string;
  calls: number;
  rows: number;
  /** Milliseconds PostgreSQL spent executing it (planning and the round trip not included). */
  execMs: number;
}

/** A kind of statement: the entries whose texts differ only in how many parameters a list has. */
export interface StatementKind extends StatementRow {
  /** Entries merged into this kind. */
  variants: number;
}

export interface StatementSummary {
  statements: number;
  rows: number;
  execMs: number;
  /** The kinds that took the most execution time, the largest first. */
  kinds: StatementKind[];
}

/** Kinds listed per phase. */
export const STATEMENT_KINDS_SHOWN = 8;

/**
 * The text of a statement's kind: whitespace collapsed, every parenthesised list of parameters (`IN ($2, $3, $4)`, a
 * VALUES row) written `($n, …)`, a run of VALUES rows written once, and every other parameter `$n` (a list shifts the
 * numbers after it), so a batch of one row, of 7 and of 9 count as the same statement.
 */
export function statementKind(query: string): string {
  return query
    .replace(/\s+/g, ' ')
    .replace(/\(\s*\$\d+(?:\s*,\s*\$\d+)*\s*\)/g, '($n, …)')
    .replace(/\(\$n, …\)(?:\s*,\s*\(\$n, …\))+/g, '($n, …)')
    .replace(/\$\d+/g, '$n')
    .trim();
}

/** Sums `rows` by kind (statementKind), the kinds that took the most execution time first. */
export function summarizeStatements(
  rows: readonly StatementRow[],
  shown = STATEMENT_KINDS_SHOWN,
): StatementSummary {
  const kinds = new Map<string, StatementKind>();
  let statements = 0;
  let rowCount = 0;
  let execMs = 0;
  for (const row of rows) {
    statements += row.calls;
    rowCount += row.rows;
    execMs += row.execMs;
    const query = statementKind(row.query);
    const kind = kinds.get(query);
    if (kind === undefined) kinds.set(query, { ...row, query, variants: 1 });
    else {
      kind.calls += row.calls;
      kind.rows += row.rows;
      kind.execMs += row.execMs;
      kind.variants += 1;
    }
  }
  const sorted = [...kinds.values()].sort((a, b) => b.execMs - a.execMs || b.calls - a.calls);
  return { statements, rows: rowCount, execMs, kinds: sorted.slice(0, shown) };
}

/** What a phase's statements are counted per: its players, its commands, its acknowledged writes. */
export interface PerUnit {
  count: number;
  unit: string;
}

/** Lines for the report: a phase's statements per unit of its work, then its largest kinds. */
export function formatStatements(
  phase: string,
  summary: StatementSummary,
  per: PerUnit | undefined,
): string[] {
  const rate =
    per === undefined || per.count <= 0
      ? ''
      : ` (${(summary.statements / per.count).toFixed(2)} per ${per.unit})`;
  const lines = [
    `  ${phase}: ${summary.statements.toLocaleString('en')} statements${rate}, ` +
      `${summary.rows.toLocaleString('en')} rows, ${summary.execMs.toFixed(0)} ms executing`,
  ];
  for (const kind of summary.kinds) {
    const text = kind.query.length > 110 ? `${kind.query.slice(0, 109)}…` : kind.query;
    lines.push(
      `    ${kind.calls.toLocaleString('en').padStart(7)} × ${(kind.rows / Math.max(kind.calls, 1)).toFixed(1).padStart(6)} rows ` +
        `${kind.execMs.toFixed(0).padStart(6)} ms  ${text}`,
    );
  }
  return lines;
}

/** The report's lines for one target's phases (`kind`: its name in the report), each counted per `per[phase]`. */
export function formatPhaseStatements(
  kind: string,
  phases: Readonly<Record<string, StatementSummary | undefined>>,
  per: Readonly<Record<string, PerUnit | undefined>>,
): string[] {
  return [
    kind,
    ...Object.entries(phases).flatMap(([phase, summary]) =>
      summary === undefined ? [] : formatStatements(phase, summary, per[phase]),
    ),
  ];
}

/** pg_stat_statements of one database, reset at a phase's start and read at its end. */
export class StatementStats {
  private constructor(
    private readonly client: pg.Client,
    private readonly databaseOid: number,
  ) {}

  /** Opens the statistics of the database at `databaseUrl`, whose server preloads pg_stat_statements. */
  static async open(databaseUrl: string): Promise<StatementStats> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      const { rows } = await client.query<{ oid: number }>(
        'SELECT oid FROM pg_database WHERE datname = current_database()',
      );
      return new StatementStats(client, Number(rows[0]?.oid));
    } catch (error) {
      await client.end();
      throw error;
    }
  }

  async reset(): Promise<void> {
    await this.client.query('SELECT pg_stat_statements_reset()');
  }

  /** The database's statements since the last reset, but for this connection's own. */
  async read(): Promise<StatementRow[]> {
    const { rows } = await this.client.query<{ query: string; calls: string; rows: string; exec: number }>(
      `SELECT query, calls, rows, total_exec_time AS exec FROM pg_stat_statements
       WHERE dbid = $1 AND query NOT LIKE '%pg_stat_statements%'`,
      [this.databaseOid],
    );
    return rows.map((row) => ({
      query: row.query,
      calls: Number(row.calls),
      rows: Number(row.rows),
      execMs: Number(row.exec),
    }));
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
