// A query built and compiled once, then run with other values. Kysely builds and compiles a query at every call
// (tens of µs of visiting and freezing nodes); the queries a server runs per connection or per screen of a sweep
// do not need to pay that each time. Works on every dialect: the SQL is compiled by the database's own compiler.

import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';

/** Stands for argument `index` while the query is compiled; nothing else can produce this string. */
const placeholder = (index: number) => `\u0000reusable-query-argument-${index}\u0000`;

export type ReusableQuery<DB, A extends readonly unknown[], O> = (
  executor: Pick<Kysely<DB>, 'executeQuery'>,
  ...args: A
) => Promise<QueryResult<O>>;

/** A query compiled once: its SQL, and its parameters for new arguments. */
export interface CompiledReusable<A extends readonly unknown[]> {
  sql: string;
  parameters(args: A): unknown[];
}

/**
 * `build` (with `arity` arguments, each used as a bound value, never as SQL) compiled against `db`, on first use:
 * what reusableQuery runs, and what a batched read (batchedRead.ts) prepares on the raw SQLite connection.
 */
export function compileReusable<DB, A extends readonly unknown[], O>(
  db: Kysely<DB>,
  arity: A['length'],
  build: (db: Kysely<DB>, ...args: A) => Compilable<O>,
): () => CompiledReusable<A> {
  let compiled: CompiledReusable<A> | undefined;
  return () => {
    if (compiled !== undefined) return compiled;
    const names = Array.from({ length: arity }, (_, index) => placeholder(index));
    const query = build(db, ...(names as unknown as A)).compile();
    const slots = query.parameters.map((value) => {
      const index = typeof value === 'string' ? names.indexOf(value) : -1;
      return index >= 0 ? index : { value };
    });
    const used = new Set(slots.filter((slot): slot is number => typeof slot === 'number'));
    if (used.size !== arity)
      throw new Error(`reusableQuery: ${arity - used.size} argument(s) not bound as values`);
    compiled = {
      sql: query.sql,
      parameters: (args) => slots.map((slot) => (typeof slot === 'number' ? args[slot] : slot.value)),
    };
    return compiled;
  };
}

/**
 * `build` (with `arity` arguments, each used as a bound value, never as SQL) compiled once against `db`; the
 * answer runs it on an executor (the database, or a transaction of it) with new arguments.
 */
export function reusableQuery<DB, A extends readonly unknown[], O>(
  db: Kysely<DB>,
  arity: A['length'],
  build: (db: Kysely<DB>, ...args: A) => Compilable<O>,
): ReusableQuery<DB, A, O> {
  const compiled = compileReusable(db, arity, build);
  return (executor, ...args) => {
    const { sql, parameters } = compiled();
    return executor.executeQuery(CompiledQuery.raw(sql, parameters(args))) as Promise<QueryResult<O>>;
  };
}
