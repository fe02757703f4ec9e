import { CompiledQuery } from 'kysely';
import type { Db } from './database';
import { isPostgres } from './dialect';

/**
 * Set-based statements over many rows, for hot paths that write thousands of rows at once (a
 * batch of settlements). The SQL text is built here once per shape and handed to the driver
 * as is: Kysely's builders cost more per row than the database does. PostgreSQL takes every
 * row in one statement as typed arrays (unnest), whatever the count; SQLite takes chunks of
 * multi-row VALUES of a few fixed sizes, so its prepared-statement cache keeps hitting.
 */

/** A column of a bulk statement: its name and its type (PostgreSQL's arrays are typed). */
export interface BulkColumn {
  name: string;
  type: 'bigint' | 'text';
}

/** Rows per SQLite statement; a tail goes in power-of-two chunks down to 16, then whole (few distinct texts). */
const SQLITE_CHUNK_ROWS = 256;
const SQLITE_EXACT_ROWS = 16;

interface Part {
  /** the rows as a table expression: `values (?, ?), ...` or `select * from unnest($1::bigint[], ...)` */
  source: string;
  params: unknown[];
}

/** Statement texts by column list and row count: built once each. */
const sqliteSources = new WeakMap<readonly BulkColumn[], Map<number, string>>();

function sqliteSource(columns: readonly BulkColumn[], size: number): string {
  let bySize = sqliteSources.get(columns);
  if (!bySize) sqliteSources.set(columns, (bySize = new Map()));
  let source = bySize.get(size);
  if (source === undefined) {
    source = `values ${Array<string>(size).fill(`(${columns.map(() => '?').join(', ')})`).join(', ')}`;
    bySize.set(size, source);
  }
  return source;
}

function parts(db: Db, columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[]): Part[] {
  if (rows.length === 0) return [];
  if (isPostgres(db)) {
    const arrays = columns.map((_, c) => rows.map((row) => row[c]));
    return [{ source: `select * from unnest(${columns.map((col, c) => `$${c + 1}::${col.type}[]`).join(', ')})`, params: arrays }];
  }
  const out: Part[] = [];
  for (let i = 0; i < rows.length; ) {
    const left = rows.length - i;
    let size = SQLITE_CHUNK_ROWS;
    while (size > left) size = left <= SQLITE_EXACT_ROWS ? left : size >> 1;
    const params: unknown[] = [];
    for (let r = i; r < i + size; r++) for (const value of rows[r]!) params.push(value);
    out.push({ source: sqliteSource(columns, size), params });
    i += size;
  }
  return out;
}

const names = (columns: readonly BulkColumn[]) => columns.map((c) => `"${c.name}"`).join(', ');

/** Inserts the rows (values in `columns` order); the `returning` columns of each inserted row. */
export async function bulkInsert<R = Record<string, unknown>>(
  db: Db,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  returning: readonly string[] = [],
): Promise<R[]> {
  const tail = returning.length > 0 ? ` returning ${returning.map((c) => `"${c}"`).join(', ')}` : '';
  const out: R[] = [];
  for (const { source, params } of parts(db, columns, rows)) {
    const { rows: returned } = await db.executeQuery<R>(CompiledQuery.raw(`insert into "${table}" (${names(columns)}) ${source}${tail}`, params));
    out.push(...returned);
  }
  return out;
}

/**
 * Runs `statement` once per chunk with the rows bound as the table `v` (a CTE with the columns'
 * names), e.g. `update t set a = v.a from v where t.id = v.id`; answers the rows it changed.
 */
export async function bulkWith(db: Db, columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[], statement: string): Promise<number> {
  let changed = 0;
  for (const { source, params } of parts(db, columns, rows)) {
    const result = await db.executeQuery(CompiledQuery.raw(`with v (${names(columns)}) as (${source}) ${statement}`, params));
    changed += Number(result.numAffectedRows ?? 0n);
  }
  return changed;
}
