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

/**
 * `build` (with `arity` arguments, each used as a bound value, never as SQL) compiled once against `db`; the
 * answer runs it on an executor (the database, or a transaction of it) with new arguments.
 */
export function reusableQuery<DB, A extends readonly unknown[], O>(
  db: Kysely<DB>,
  arity: A['length'],
  build: (db: Kysely<DB>, ...args: A) => Compilable<O>,
): ReusableQuery<DB, A, O> {
  let compiled: { sql: string; slots: (number | { value: unknown })[] } | undefined;
  const compile = () => {
    const names = Array.from({ length: arity }, (_, index) => placeholder(index));
    const query = build(db, ...(names as unknown as A)).compile();
    const slots = query.parameters.map((value) => {
      const index = typeof value === 'string' ? names.indexOf(value) : -1;
      return index >= 0 ? index : { value };
    });
    const used = new Set(slots.filter((slot): slot is number => typeof slot === 'number'));
    if (used.size !== arity)
      throw new Error(`reusableQuery: ${arity - used.size} argument(s) not bound as values`);
    return { sql: query.sql, slots };
  };
  return (executor, ...args) => {
    compiled ??= compile();
    const parameters = compiled.slots.map((slot) => (typeof slot === 'number' ? args[slot] : slot.value));
    return executor.executeQuery(CompiledQuery.raw(compiled.sql, parameters)) as Promise<QueryResult<O>>;
  };
}
