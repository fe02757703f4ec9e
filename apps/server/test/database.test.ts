import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { limits } from '@tidemark/protocol';
import { openDatabase, type Db } from '../src/db/database';
import { onPostgres } from './harness';

const backendPid = async (db: Db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

/** PostgreSQL connections ended from the database side: by an administrator, a new engine term, or the idle timeout. */
describe.runIf(onPostgres)('the PostgreSQL pool', () => {
  let db: Db;
  let admin: Db;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const alive = async (pid: number) =>
    (await sql<{ n: string }>`select count(*)::text as n from pg_stat_activity where pid = ${pid}`.execute(admin)).rows[0]!.n === '1';
  const terminate = (pid: number) => sql`select pg_terminate_backend(${pid})`.execute(admin);

  beforeAll(async () => {
    admin = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: os.tmpdir() });
    await sql.raw(`create schema ${schema}`).execute(admin);
    db = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: os.tmpdir(), pgSchema: schema });
  });
  afterAll(async () => {
    await db.destroy();
    await sql.raw(`drop schema ${schema} cascade`).execute(admin);
    await admin.destroy();
  });

  it('goes on when an idle connection or one inside a transaction is ended: only the work holding it fails', async () => {
    const idle = await backendPid(db);
    await terminate(idle);
    await vi.waitFor(async () => expect(await alive(idle)).toBe(false));
    await vi.waitFor(async () => expect(await backendPid(db)).not.toBe(idle));
    const inside = db.transaction().execute(async (trx) => {
      await terminate(await backendPid(trx));
      await sql`select 1`.execute(trx);
    });
    await expect(inside).rejects.toThrow();
    expect(await sql<{ one: number }>`select 1 as one`.execute(db)).toMatchObject({ rows: [{ one: 1 }] });
  });

  it(`ends a transaction its process left idle ${limits.pgIdleInTransactionMs} ms, releasing its locks`, async () => {
    let stalled!: () => void;
    const wake = new Promise<void>((resolve) => (stalled = resolve));
    let pid = 0;
    // a process stalled inside its transaction: it sends nothing until woken
    const frozen = db.transaction().execute(async (trx) => {
      pid = await backendPid(trx);
      await wake;
      await sql`select 1`.execute(trx);
    });
    await vi.waitFor(() => expect(pid).not.toBe(0));
    await vi.waitFor(async () => expect(await alive(pid)).toBe(false), { timeout: limits.pgIdleInTransactionMs * 4, interval: 250 });
    stalled();
    await expect(frozen).rejects.toThrow();
  });
});
