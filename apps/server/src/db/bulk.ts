import { CompiledQuery } from 'kysely';
import { limits } from '@tidemark/protocol';
import { sqliteStatement, type Db } from './database';

/**
 * Set-based statements over many rows, for hot paths that write thousands of rows at once (a
 * batch of settlements). The SQL text is built here once per shape and handed to the driver
 * as is: Kysely's builders cost more per row than the database does. PostgreSQL takes every
 * row in one statement as typed arrays (unnest), whatever the count: one round trip. SQLite,
 * in process, runs prepared statements synchronously: inserts in chunks of multi-row VALUES of a
 * few fixed sizes (so its statement cache keeps hitting; a statement's fixed costs, such as an
 * AUTOINCREMENT table's sequence update, are paid once a chunk), updates one row a statement
 * (joined to a VALUES list, an update costs it more than the per-row calls). Only inside a
 * transaction the caller holds.
 */

/** A column of a bulk statement: its name and its type (PostgreSQL's arrays are typed; bytea's values are Buffers). */
export interface BulkColumn {
  name: string;
  type: 'bigint' | 'text' | 'bytea';
}

const names = (columns: readonly BulkColumn[]) => columns.map((c) => `"${c.name}"`).join(', ');

/** A row's values in `columns` order, built from one item when it is written (so it dies young). */
export type RowOf<T> = (item: T, index: number) => readonly unknown[];

/** The items' rows as PostgreSQL arrays, one a column. */
function unnestOf<T>(columns: readonly BulkColumn[], items: ArrayLike<T>, rowOf: RowOf<T>) {
  const params = columns.map(() => new Array<unknown>(items.length));
  for (let i = 0; i < items.length; i++) rowOf(items[i]!, i).forEach((value, c) => (params[c]![i] = value));
  return { source: `unnest(${columns.map((col, c) => `$${c + 1}::${col.type}[]`).join(', ')})`, params };
}

const insertHead = (table: string, columns: readonly BulkColumn[]) => `insert into "${table}" (${names(columns)})`;

/** Insert texts by table and column list, then by row count: built once each. */
const sqliteInserts = new Map<string, Map<number, string>>();

function sqliteInsert(table: string, columns: readonly BulkColumn[], size: number): string {
  const head = insertHead(table, columns);
  let bySize = sqliteInserts.get(head);
  if (!bySize) sqliteInserts.set(head, (bySize = new Map()));
  let text = bySize.get(size);
  if (text === undefined) {
    text = `${head} values ${Array<string>(size).fill(`(${columns.map(() => '?').join(', ')})`).join(', ')}`;
    bySize.set(size, text);
  }
  return text;
}

/**
 * Inserts the items' rows on SQLite in chunks, calling `inserted(first, lastRowid, size)` after
 * each; false on PostgreSQL (nothing done).
 */
function sqliteInsertChunks<T>(
  db: Db,
  table: string,
  columns: readonly BulkColumn[],
  items: ArrayLike<T>,
  rowOf: RowOf<T>,
  inserted: (first: number, lastRowid: bigint, size: number) => void,
): boolean {
  for (let first = 0; first < items.length; ) {
    const left = items.length - first;
    let size: number = limits.sqliteInsertChunkRows;
    while (size > left) size = left <= limits.sqliteInsertExactRows ? left : size >> 1;
    const statement = sqliteStatement(db, sqliteInsert(table, columns, size));
    if (!statement) return false;
    const params: unknown[] = [];
    for (let i = first; i < first + size; i++) for (const value of rowOf(items[i]!, i)) params.push(value);
    inserted(first, BigInt(statement.run(params).lastInsertRowid), size);
    first += size;
  }
  return true;
}

/** Inserts a row for each item (an array, or a batch's column). */
export async function bulkInsert<T>(db: Db, table: string, columns: readonly BulkColumn[], items: ArrayLike<T>, rowOf: RowOf<T>): Promise<void> {
  if (items.length === 0 || sqliteInsertChunks(db, table, columns, items, rowOf, () => {})) return;
  const { source, params } = unnestOf(columns, items, rowOf);
  await db.executeQuery(CompiledQuery.raw(`${insertHead(table, columns)} select * from ${source}`, params));
}

/**
 * Inserts a row for each item into a table keyed by an auto-increment `id`; the ids in the items'
 * order. On SQLite a statement's rows take consecutive ids in VALUES order (one more than the
 * largest each); PostgreSQL does not promise RETURNING's order, so its ids are matched back by
 * `key`, a column whose values are distinct among the items.
 */
export async function bulkInsertIds<T>(db: Db, table: string, columns: readonly BulkColumn[], items: ArrayLike<T>, rowOf: RowOf<T>, key: string): Promise<bigint[]> {
  const k = columns.findIndex((c) => c.name === key);
  if (k < 0) throw new Error(`bulkInsertIds: no column ${key}`);
  if (items.length === 0) return [];
  const ids = new Array<bigint>(items.length);
  const fill = (first: number, lastRowid: bigint, size: number) => {
    for (let i = 0; i < size; i++) ids[first + i] = lastRowid - BigInt(size - 1 - i);
  };
  if (sqliteInsertChunks(db, table, columns, items, rowOf, fill)) return ids;
  const { source, params } = unnestOf(columns, items, rowOf);
  const { rows } = await db.executeQuery<{ id: bigint; key: unknown }>(
    CompiledQuery.raw(`${insertHead(table, columns)} select * from ${source} returning "id", "${key}" as "key"`, params),
  );
  const idOf = new Map(rows.map((row) => [row.key, row.id]));
  for (let i = 0; i < items.length; i++) ids[i] = idOf.get(rowOf(items[i]!, i)[k])!;
  return ids;
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
  items: ArrayLike<T>,
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
    for (let i = 0; i < items.length; i++) changed += statement.run(rowOf(items[i]!, i)).changes;
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
