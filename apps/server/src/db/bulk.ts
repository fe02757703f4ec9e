import { CompiledQuery } from 'kysely';
import { sqliteStatement, type Db } from './database';

/**
 * Set-based statements over many rows, for hot paths that write thousands of rows at once (a
 * batch of settlements). The SQL text is built here once per shape and handed to the driver
 * as is: Kysely's builders cost more per row than the database does. PostgreSQL takes every
 * row in one statement as typed arrays (unnest), whatever the count: one round trip. SQLite,
 * in process, runs one prepared single-row statement per row, synchronously: a multi-row
 * VALUES list costs it more (the list is materialised, then joined) than the per-row calls.
 * Only inside a transaction the caller holds.
 */

/** A column of a bulk statement: its name and its type (PostgreSQL's arrays are typed). */
export interface BulkColumn {
  name: string;
  type: 'bigint' | 'text';
}

const names = (columns: readonly BulkColumn[]) => columns.map((c) => `"${c.name}"`).join(', ');

/** A row's values in `columns` order, built from one item when it is written (so it dies young). */
export type RowOf<T> = (item: T, index: number) => readonly unknown[];

/** The items' rows as PostgreSQL arrays, one a column. */
function unnestOf<T>(columns: readonly BulkColumn[], items: readonly T[], rowOf: RowOf<T>) {
  const params = columns.map(() => new Array<unknown>(items.length));
  items.forEach((item, i) => rowOf(item, i).forEach((value, c) => (params[c]![i] = value)));
  return { source: `unnest(${columns.map((col, c) => `$${c + 1}::${col.type}[]`).join(', ')})`, params };
}

const insertHead = (table: string, columns: readonly BulkColumn[]) => `insert into "${table}" (${names(columns)})`;
const placeholders = (columns: readonly BulkColumn[]) => `values (${columns.map(() => '?').join(', ')})`;

/** Inserts a row for each item. */
export async function bulkInsert<T>(db: Db, table: string, columns: readonly BulkColumn[], items: readonly T[], rowOf: RowOf<T>): Promise<void> {
  if (items.length === 0) return;
  const statement = sqliteStatement(db, `${insertHead(table, columns)} ${placeholders(columns)}`);
  if (statement) {
    items.forEach((item, i) => statement.run(rowOf(item, i)));
    return;
  }
  const { source, params } = unnestOf(columns, items, rowOf);
  await db.executeQuery(CompiledQuery.raw(`${insertHead(table, columns)} select * from ${source}`, params));
}

/**
 * Inserts a row for each item into a table keyed by an auto-increment `id`; the ids in the items'
 * order. `key` names a column whose values are distinct among the items: PostgreSQL does not
 * promise RETURNING's order, so its ids are matched back by it.
 */
export async function bulkInsertIds<T>(db: Db, table: string, columns: readonly BulkColumn[], items: readonly T[], rowOf: RowOf<T>, key: string): Promise<bigint[]> {
  const k = columns.findIndex((c) => c.name === key);
  if (k < 0) throw new Error(`bulkInsertIds: no column ${key}`);
  if (items.length === 0) return [];
  const statement = sqliteStatement(db, `${insertHead(table, columns)} ${placeholders(columns)}`);
  if (statement) return items.map((item, i) => BigInt(statement.run(rowOf(item, i)).lastInsertRowid));
  const { source, params } = unnestOf(columns, items, rowOf);
  const { rows } = await db.executeQuery<{ id: bigint; key: unknown }>(
    CompiledQuery.raw(`${insertHead(table, columns)} select * from ${source} returning "id", "${key}" as "key"`, params),
  );
  const idOf = new Map(rows.map((row) => [row.key, row.id]));
  return items.map((item, i) => idOf.get(rowOf(item, i)[k])!);
}

/**
 * Updates rows found by their key (the last column) to the other columns' values, plus the
 * constant assignments `set` (SQL, may be empty), where the condition `where` (SQL on the table's
 * columns) holds; answers the rows it changed.
 */
export async function bulkUpdate<T>(
  db: Db,
  table: string,
  columns: readonly BulkColumn[],
  items: readonly T[],
  rowOf: RowOf<T>,
  { set, where }: { set: string; where: string },
): Promise<number> {
  if (items.length === 0) return 0;
  const values = columns.slice(0, -1);
  const key = columns.at(-1);
  if (!key) throw new Error('bulkUpdate: no key column');
  const assignments = (value: (name: string) => string) => [...values.map((c) => `"${c.name}" = ${value(c.name)}`), ...(set ? [set] : [])].join(', ');
  const statement = sqliteStatement(db, `update "${table}" set ${assignments(() => '?')} where "${key.name}" = ? and (${where})`);
  if (statement) {
    let changed = 0;
    items.forEach((item, i) => (changed += statement.run(rowOf(item, i)).changes));
    return changed;
  }
  const { source, params } = unnestOf(columns, items, rowOf);
  const result = await db.executeQuery(
    CompiledQuery.raw(
      `update "${table}" set ${assignments((name) => `v."${name}"`)} from ${source} as v (${names(columns)}) where "${table}"."${key.name}" = v."${key.name}" and (${where})`,
      params,
    ),
  );
  return Number(result.numAffectedRows ?? 0n);
}
