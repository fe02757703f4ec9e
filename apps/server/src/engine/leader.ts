import pg from 'pg';

/**
 * Who runs the feed and the engines. With PostgreSQL, the process holding a session advisory
 * lock on a dedicated connection; when that process dies its connection closes, the lock is
 * released and another process takes it at its next try. Embedded SQLite: the only process.
 */
export interface Leadership {
  /** tries for the lock at once instead of at the next retry (another process just released it) */
  tryNow(): void;
  /** stops leading, with the engines' work finished, then releases the lock for the next process */
  stop(): Promise<void>;
}

export interface LeadershipHooks {
  /** this process just became the leader */
  gain(): Promise<void>;
  /** this process lost the lock (its connection broke): stop leading at once */
  lose(): Promise<void>;
  onError(error: unknown): void;
}

/** The only process: leader from the start. */
export async function soleLeadership(hooks: LeadershipHooks): Promise<Leadership> {
  await hooks.gain();
  return { tryNow: () => {}, stop: () => hooks.lose() };
}

/**
 * Tries the lock now and then every `retryMs` until it holds it; resolves after the first try.
 * The key is per database schema, so test suites sharing a database do not contend.
 */
export async function advisoryLeadership(
  databaseUrl: string,
  pgSchema: string | undefined,
  retryMs: number,
  hooks: LeadershipHooks,
): Promise<Leadership> {
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
        client = new pg.Client({ connectionString: databaseUrl, ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}) });
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
        leading = true;
        await hooks.gain();
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
