import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { manualClock, mustParseUnits, type FeedEvent } from '@tidemark/core';
import { calls, limits } from '@tidemark/protocol';
import { readinessChecker } from '../src/modules/health/service';
import { onPostgres, startTestServer, type TestServer } from './harness';

const BTC_PAIR_ID = 1;

describe('health calls', () => {
  const clock = manualClock(Date.UTC(2030, 0, 15, 12));
  let server: TestServer;
  let report: ((event: FeedEvent) => void) | undefined;
  const ready = async () => {
    const response = await fetch(new URL(calls.healthReady.path, server.url));
    return { status: response.status, body: (await response.json()) as { type: string; message: Record<string, unknown> } };
  };

  beforeAll(async () => {
    server = await startTestServer({
      market: { clock, flushMs: 3_600_000, feed: () => ({ start: async (r) => void (report = r), stop: async () => {} }) },
    });
  });
  afterAll(() => server.close());

  it('answers liveness in the envelope', async () => {
    expect(await server.call(calls.health)).toEqual({ type: 'ok', message: { status: 'alive' } });
  });

  it('is ready on a migrated database, as the leader, and reports the feed’s age by the clock', async () => {
    const before = await ready();
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      type: 'ok',
      message: { ready: true, database: 'up', redis: 'none', migrations: 'current', role: 'leader', feed_age_ms: null, draining: false },
    });
    report!({ kind: 'trades', pairId: BTC_PAIR_ID, trades: [{ timeMs: clock(), priceUnits: mustParseUnits('50000'), amountUnits: 100_000n, direction: 'buy' }] });
    clock.advance(1500);
    expect((await server.call(calls.healthReady)).message.feed_age_ms).toBe(1500);
  });

  it('names no address, path or secret of the deployment', async () => {
    const text = JSON.stringify([await server.call(calls.health), (await ready()).body]);
    const { dataDir, databaseUrl } = server.config;
    for (const secret of [dataDir, databaseUrl, databaseUrl && new URL(databaseUrl).host, process.version]) {
      if (secret) expect(text).not.toContain(secret);
    }
  });

  it('answers 503 with the reason while a migration this build knows has not run, checking at most once per reuse period', async () => {
    const name = (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(server.db)).rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(server.db);
    try {
      clock.advance(limits.healthCheckReuseMs);
      const pending = await ready();
      expect(pending.status).toBe(503);
      expect(pending.body.message).toMatchObject({ ready: false, migrations: 'pending', database: 'up' });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date(clock()).toISOString()})`.execute(server.db);
    }
    // within the reuse period the last check stands, so polling costs no query
    expect((await ready()).status).toBe(503);
    clock.advance(limits.healthCheckReuseMs);
    expect((await ready()).body.message).toMatchObject({ ready: true, migrations: 'current' });
  });

  it('is not ready while draining or while Redis does not answer, and says which', async () => {
    const probe = { pingRedis: async () => Promise.reject(new Error('connection refused')), isLeader: () => false, feedAgeMs: () => 20, draining: () => true };
    expect(await readinessChecker(server.db, probe, clock)()).toEqual({
      ready: false,
      database: 'up',
      redis: 'down',
      migrations: 'current',
      role: 'follower',
      feed_age_ms: 20,
      draining: true,
    });
  });
});

describe.skipIf(!onPostgres)('readiness with Redis', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
      market: { redisPrefix: `tidemark-health-${process.pid}` },
    });
  });
  afterAll(() => server.close());

  it('reports the shared Redis as up', async () => {
    expect((await server.call(calls.healthReady)).message).toMatchObject({ ready: true, redis: 'up', role: 'leader' });
  });
});
