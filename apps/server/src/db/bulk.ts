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

/** The rows as PostgreSQL arrays, one a column. */
function unnestOf(columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[]) {
  return {
    source: `unnest(${columns.map((col, c) => `$${c + 1}::${col.type}[]`).join(', ')})`,
    params: columns.map((_, c) => rows.map((row) => row[c])),
  };
}

/** Inserts the rows (values in `columns` order); the `returning` columns of each inserted row. */
export async function bulkInsert<R = Record<string, unknown>>(
  db: Db,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  returning: readonly string[] = [],
): Promise<R[]> {
  if (rows.length === 0) return [];
  const head = `insert into "${table}" (${names(columns)})`;
  const tail = returning.length > 0 ? ` returning ${returning.map((c) => `"${c}"`).join(', ')}` : '';
  const statement = sqliteStatement(db, `${head} values (${columns.map(() => '?').join(', ')})${tail}`);
  if (statement) {
    if (returning.length === 0) {
      for (const row of rows) statement.run(row);
      return [];
    }
    return rows.map((row) => statement.get(row) as R);
  }
  const { source, params } = unnestOf(columns, rows);
  const { rows: returned } = await db.executeQuery<R>(CompiledQuery.raw(`${head} select * from ${source}${tail}`, params));
  return returned;
}

/**
 * Updates rows found by their key (the last column) to the other columns' values, plus the
 * constant assignments `set` (SQL, may be empty), where the condition `where` (SQL on the table's
 * columns) holds; answers the rows it changed.
 */
export async function bulkUpdate(
  db: Db,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  { set, where }: { set: string; where: string },
): Promise<number> {
  if (rows.length === 0) return 0;
  const values = columns.slice(0, -1);
  const key = columns.at(-1);
  if (!key) throw new Error('bulkUpdate: no key column');
  const assignments = (value: (name: string) => string) => [...values.map((c) => `"${c.name}" = ${value(c.name)}`), ...(set ? [set] : [])].join(', ');
  const statement = sqliteStatement(db, `update "${table}" set ${assignments(() => '?')} where "${key.name}" = ? and (${where})`);
  if (statement) {
    let changed = 0;
    for (const row of rows) changed += statement.run(row).changes;
    return changed;
  }
  const { source, params } = unnestOf(columns, rows);
  const result = await db.executeQuery(
    CompiledQuery.raw(
      `update "${table}" set ${assignments((name) => `v."${name}"`)} from ${source} as v (${names(columns)}) where "${table}"."${key.name}" = v."${key.name}" and (${where})`,
      params,
    ),
  );
  return Number(result.numAffectedRows ?? 0n);
}
