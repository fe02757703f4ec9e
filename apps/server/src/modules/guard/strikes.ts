import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { limits } from '@tidemark/protocol';

/**
 * Failures (wrong passwords) counted per key over a sliding window, on the time the caller
 * gives (the app's clock), so locks are tested by moving a manual clock. With Redis every server
 * process shares the counts; otherwise they live in this process.
 */
export interface Strikes {
  /** records one failure under `key` at `nowMs`, kept for `windowMs` */
  add(key: string, nowMs: number, windowMs: number): Promise<void>;
  /** the failures under `key` in (nowMs - windowMs, nowMs], and the time of the latest */
  recent(key: string, nowMs: number, windowMs: number): Promise<{ count: number; lastMs: number | undefined }>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createStrikes(redisUrl: string | undefined): Strikes {
  return redisUrl ? redisStrikes(new Redis(redisUrl, { connectTimeout: limits.redisConnectTimeoutMs, maxRetriesPerRequest: 1 })) : memoryStrikes();
}

export function memoryStrikes(): Strikes {
  const byKey = new Map<string, { times: number[]; windowMs: number }>();
  const live = (key: string, nowMs: number, windowMs: number) => {
    const entry = byKey.get(key);
    const times = entry ? entry.times.filter((t) => t > nowMs - windowMs && t <= nowMs) : [];
    if (entry) entry.times = times;
    return times;
  };
  return {
    async add(key, nowMs, windowMs) {
      if (byKey.size >= limits.strikesSweepAtKeys) {
        for (const [k, e] of byKey) if (!e.times.some((t) => t > nowMs - e.windowMs)) byKey.delete(k);
      }
      byKey.set(key, { times: [...live(key, nowMs, windowMs), nowMs], windowMs });
    },
    async recent(key, nowMs, windowMs) {
      const times = live(key, nowMs, windowMs);
      return { count: times.length, lastMs: times.length ? Math.max(...times) : undefined };
    },
    async clear(key) {
      byKey.delete(key);
    },
    async close() {},
  };
}

export function redisStrikes(redis: Redis, prefix = 'tidemark-strikes:'): Strikes {
  const k = (key: string) => prefix + key;
  return {
    async add(key, nowMs, windowMs) {
      await redis
        .multi()
        .zadd(k(key), nowMs, `${nowMs}:${randomBytes(4).toString('hex')}`)
        .zremrangebyscore(k(key), '-inf', nowMs - windowMs)
        // the window is relative, so Redis' own clock may expire the key: it holds nothing older
        .pexpire(k(key), windowMs)
        .exec();
    },
    async recent(key, nowMs, windowMs) {
      const [count, last] = await Promise.all([
        redis.zcount(k(key), `(${nowMs - windowMs}`, nowMs),
        redis.zrevrangebyscore(k(key), nowMs, `(${nowMs - windowMs}`, 'WITHSCORES', 'LIMIT', 0, 1),
      ]);
      return { count, lastMs: last.length ? Number(last[1]) : undefined };
    },
    async clear(key) {
      await redis.del(k(key));
    },
    async close() {
      await redis.quit();
    },
  };
}
