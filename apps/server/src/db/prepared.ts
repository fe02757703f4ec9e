import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { sqliteStatement, type Db } from './database';
import { isPostgres } from './dialect';

/** Where a value of a prepared query goes: the argument of that name, or a constant of the query. */
type Slot<A> = { arg: keyof A } | { constant: unknown };

/**
 * A query of a hot path, built and compiled by Kysely once per kind of database and then run with
 * new values: building and compiling a query costs more than SQLite takes to run a small one (and
 * SQLite's statements are cached by their text). `build` writes the query with `arg(name)` where
 * a value of the call goes; every other value in it is a constant. The caller names the rows' type.
 */
export function preparedQuery<A extends Record<string, unknown>, R>(
  build: (db: Db, arg: <K extends keyof A & string>(name: K) => A[K]) => Compilable<R>,
): (db: Db, args: A) => Promise<QueryResult<R>> {
  const compiled = new Map<boolean, { query: CompiledQuery<R>; slots: Slot<A>[] }>();
  return (db, args) => {
    const postgres = isPostgres(db);
    let entry = compiled.get(postgres);
    if (!entry) {
      // stand-ins that no real value equals, found again among the compiled parameters
      const names = new Map<unknown, keyof A>();
      const query = build(db, (name) => {
        const standIn = `\u0000arg:${name}`;
        names.set(standIn, name);
        return standIn as never;
      }).compile();
      const slots = query.parameters.map((value): Slot<A> => (names.has(value) ? { arg: names.get(value)! } : { constant: value }));
      compiled.set(postgres, (entry = { query, slots }));
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.constant));
    // inside a transaction on SQLite, run at once on the file it holds: the trip through Kysely's
    // executor costs more than the small statement itself
    const statement = db.isTransaction ? sqliteStatement(db, query.sql) : undefined;
    if (!statement) return db.executeQuery<R>({ ...query, parameters });
    try {
      if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
      const { changes, lastInsertRowid } = statement.run(parameters);
      return Promise.resolve({ rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) });
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
