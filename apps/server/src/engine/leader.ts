import pg from 'pg';
import { limits } from '@tidemark/protocol';
import type { Clock } from '@tidemark/core';
import type { Db } from '../db/database';
import { beginTerm } from '../modules/leadership/service';

/**
 * Who runs the feed and the engines. With PostgreSQL, the process holding a session advisory
 * lock on a dedicated connection; when that process dies its connection closes, the lock is
 * released and another process takes it at its next try. Embedded SQLite: the only process.
 * Each process that takes the lead begins a term: the next epoch of `engine_lease`, which every
 * engine write proves inside its transaction (engine/lead.ts), since the lock alone says nothing
 * about writes on other connections of a process that no longer holds it.
 */
export interface Leadership {
  /** tries for the lock at once instead of at the next retry (another process just released it) */
  tryNow(): void;
  /** a write found a newer term: stop leading now (the lock is gone already), and try again later */
  lost(): void;
  /** stops leading, with the engines' work finished, then releases the lock for the next process */
  stop(): Promise<void>;
}

export interface LeadershipHooks {
  /** this process just became the leader, for the term `epoch` */
  gain(epoch: bigint): Promise<void>;
  /** this process lost the lock (its connection broke, or a write found a newer term): stop leading at once */
  lose(): Promise<void>;
  onError(error: unknown): void;
}

/** The only process: leader from the start, in a term of its own. */
export async function soleLeadership(db: Db, clock: Clock, hooks: LeadershipHooks): Promise<Leadership> {
  let leading = true;
  await hooks.gain(await beginTerm(db, clock()));
  const stop = async () => {
    if (!leading) return;
    leading = false;
    await hooks.lose();
  };
  // another process on the same file began a term: nothing here can lead again safely
  return { tryNow: () => {}, lost: () => void stop().catch(hooks.onError), stop };
}

/**
 * Begins a term on the lock's own connection, so no process that has lost the lock can begin one.
 * The update waits for the previous term's transactions that hold the lease row (they proved the
 * old epoch and may still commit); one that holds it past `engineTermWaitMs` belongs to a stalled
 * process, and is ended from another connection, rolling back its work.
 */
async function beginTermLocked(client: pg.Client, connect: () => pg.Client, nowMs: number): Promise<bigint> {
  const { rows: self } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const begun = client.query<{ epoch: bigint }>('update engine_lease set epoch = epoch + 1, gained_at_ms = $1 where id = 1 returning epoch', [nowMs]);
  let waiting = true;
  let timer: NodeJS.Timeout | undefined;
  const endStalled = async () => {
    const other = connect();
    try {
      await other.connect();
      await other.query('select pg_terminate_backend(p) from unnest(pg_blocking_pids($1)) as p', [self[0]!.pid]);
    } finally {
      await other.end().catch(() => {});
    }
    if (waiting) timer = setTimeout(() => void endStalled().catch(() => {}), limits.engineTermWaitMs);
  };
  timer = setTimeout(() => void endStalled().catch(() => {}), limits.engineTermWaitMs);
  try {
    return (await begun).rows[0]!.epoch;
  } finally {
    waiting = false;
    clearTimeout(timer);
  }
}

/**
 * Tries the lock now and then every `retryMs` until it holds it; resolves after the first try.
 * The key is per database schema, so test suites sharing a database do not contend.
 */
export async function advisoryLeadership(
  databaseUrl: string,
  pgSchema: string | undefined,
  retryMs: number,
  clock: Clock,
  hooks: LeadershipHooks,
): Promise<Leadership> {
  const connect = () => new pg.Client({ connectionString: databaseUrl, ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}) });
  let client: pg.Client | undefined;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempting: Promise<void> | undefined;

  const drop = async () => {
    const wasLeading = leading;
    leading = false;
    client?.removeAllListeners('error');
    client?.on('error', () => {});
    await client?.end().catch(() => {});
    client = undefined;
    if (wasLeading) await hooks.lose();
  };

  const attempt = async () => {
    try {
      if (!client) {
        client = connect();
        client.on('error', (error) => {
          hooks.onError(error);
          void drop().then(schedule);
        });
        await client.connect();
      }
      const { rows } = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_lock(hashtext('tidemark-engine:' || current_schema())) as locked",
      );
      if (rows[0]?.locked && !stopped) {
        const epoch = await beginTermLocked(client, connect, clock());
        leading = true;
        await hooks.gain(epoch);
        return;
      }
    } catch (error) {
      hooks.onError(error);
      await drop();
    }
    schedule();
  };

  // one attempt at a time; a wake-up during an attempt (which may have found the lock still
  // held) is answered by another attempt right after it, not at the next retry
  let again = false;
  const tryOnce = (): Promise<void> => {
    if (attempting) {
      again = true;
      return attempting;
    }
    attempting = attempt().finally(() => {
      attempting = undefined;
      if (!again) return;
      again = false;
      if (!stopped && !leading) void tryOnce();
    });
    return attempting;
  };

  const schedule = () => {
    clearTimeout(timer);
    if (!stopped && !leading) timer = setTimeout(() => void tryOnce(), retryMs);
  };

  await tryOnce();
  return {
    tryNow() {
      if (stopped || leading) return;
      clearTimeout(timer);
      void tryOnce();
    },
    lost() {
      if (!leading) return;
      // the term is over whatever the lock connection says: a new connection tries again later
      void drop().then(schedule, hooks.onError);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await attempting;
      // a graceful stop: the engines finish and write what they hold before the lock goes, so the
      // next leader starts from all of it (a broken connection cannot wait: see `drop`)
      if (leading) {
        leading = false;
        await hooks.lose();
      }
      await drop();
    },
  };
}
