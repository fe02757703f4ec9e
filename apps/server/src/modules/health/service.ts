import { sql } from 'kysely';
import type { Clock } from '@tidemark/core';
import { limits, type THealthReadyResponse } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { pendingMigrations } from '../../db/migrate';

/** What readiness reads of the process beside the database (the app builds it from the market and the server). */
export interface HealthProbe {
  /** pings the Redis the processes share; undefined without Redis */
  pingRedis: (() => Promise<unknown>) | undefined;
  isLeader(): boolean;
  /** ms since this process last applied a market tick; undefined before the first */
  feedAgeMs(): number | undefined;
  /** the process stopped taking connections and finishes what it has in hand */
  draining(): boolean;
}

export type Readiness = THealthReadyResponse['message'];

type Checks = Pick<Readiness, 'database' | 'redis' | 'migrations'>;

/** Resolves true when `work` succeeds within the limit, false when it fails or takes longer. */
async function answers(work: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), limits.healthCheckTimeoutMs)));
  const done = work().then(
    () => true,
    () => false,
  );
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}

async function runChecks(db: Db, probe: HealthProbe): Promise<Checks> {
  let pending: number | undefined;
  const [database, redis] = await Promise.all([
    answers(async () => {
      await sql`select 1`.execute(db);
      pending = await pendingMigrations(db);
    }),
    probe.pingRedis ? answers(probe.pingRedis) : undefined,
  ]);
  return {
    database: database ? 'up' : 'down',
    redis: redis === undefined ? 'none' : redis ? 'up' : 'down',
    migrations: pending === undefined ? 'unknown' : pending === 0 ? 'current' : 'pending',
  };
}

/**
 * Readiness of this process. The database and Redis checks run at most once per
 * `healthCheckReuseMs` (callers in between share the last or the running one), so a load
 * balancer or a flood polling it costs little; role, feed age and draining are read live.
 */
export function readinessChecker(db: Db, probe: HealthProbe, clock: Clock): () => Promise<Readiness> {
  let last: { atMs: number; checks: Promise<Checks> } | undefined;
  return async () => {
    const nowMs = clock();
    if (!last || nowMs - last.atMs >= limits.healthCheckReuseMs) last = { atMs: nowMs, checks: runChecks(db, probe) };
    const checks = await last.checks;
    const draining = probe.draining();
    const feedAgeMs = probe.feedAgeMs();
    return {
      ready: checks.database === 'up' && checks.redis !== 'down' && checks.migrations === 'current' && !draining,
      ...checks,
      role: probe.isLeader() ? 'leader' : 'follower',
      feed_age_ms: feedAgeMs === undefined ? null : Math.max(0, Math.round(feedAgeMs)),
      draining,
    };
  };
}
