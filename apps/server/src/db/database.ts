import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { limits } from '@tidemark/protocol';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const INT8_OID = 20;
// int8 (bigint, count(*), sum of bigint is numeric: cast in SQL where needed) as bigint, never a float
pg.types.setTypeParser(INT8_OID, (text) => BigInt(text));

export interface DatabaseTarget {
  /** PostgreSQL when set; otherwise an SQLite file under dataDir */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use (tests give each suite its own) */
  pgSchema?: string;
}

/** Opens the embedded SQLite file (WAL, synchronous=FULL, foreign keys) or PostgreSQL. */
export function openDatabase(target: DatabaseTarget): Db {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: limits.pgPoolMax,
      // a transaction left idle by a stalled process holds its row locks for everyone: the database ends it
      options: [`-c idle_in_transaction_session_timeout=${limits.pgIdleInTransactionMs}`, ...(target.pgSchema ? [`-c search_path=${target.pgSchema}`] : [])].join(' '),
    });
    // a connection ended from the database side (an administrator, a failover, a new engine term
    // ending the old one's transactions, the idle timeout): the work holding it fails, an idle one
    // leaves the pool, and the process goes on
    pool.on('connect', (client) => client.on('error', () => undefined));
    pool.on('error', () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(target.dataDir, 'tidemark.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  // the writer thread checkpoints when idle (writer/thread.ts): a commit only past this bound
  file.pragma(`wal_autocheckpoint = ${limits.sqliteWalPagesMax}`);
  file.pragma('foreign_keys = ON');
  file.pragma(`busy_timeout = ${limits.sqliteBusyTimeoutMs}`);
  file.defaultSafeIntegers(true);
  const statements = withStatementCache(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  sqliteFiles.set(db.getExecutor().adapter, statements);
  return db;
}

/** A prepared statement of the SQLite file, run synchronously. */
export type SqliteStatement = SqliteDatabase.Statement;

/** The SQLite file behind each Kysely instance, by its adapter: a transaction shares its root's. */
const sqliteFiles = new WeakMap<object, { prepare(sqlText: string): SqliteStatement }>();

/**
 * The prepared statement for `sqlText` on the SQLite file behind `db` (a transaction's too), for
 * hot paths that run one statement per row synchronously: Kysely's per-query cost (an async round
 * trip, a compiled query) is several times SQLite's own for a one-row write. Only inside a
 * transaction the caller holds, so the rows join it; undefined on PostgreSQL.
 */
export function sqliteStatement(db: Db, sqlText: string): SqliteStatement | undefined {
  return sqliteFiles.get(db.getExecutor().adapter)?.prepare(sqlText);
}

/**
 * Kysely prepares every query anew; compiling SQL costs more than running it on hot paths such
 * as ledger postings, so compiled statements are reused by their text (a small LRU).
 */
function withStatementCache(file: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => file.close(),
    prepare(sqlText: string) {
      // Kysely begins transactions deferred; the writer thread writes to the file through a
      // connection of its own, and a transaction that read before the writer's commit could not
      // write after it (SQLITE_BUSY_SNAPSHOT, which no waiting cures): take the write lock at once
      if (sqlText === 'begin') sqlText = 'begin immediate';
      let statement = cache.get(sqlText);
      if (statement) {
        cache.delete(sqlText);
      } else {
        statement = file.prepare(sqlText);
        if (cache.size >= limits.sqliteStatementCacheMax) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, statement);
      return statement;
    },
  };
}
