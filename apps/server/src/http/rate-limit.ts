import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { limits } from '@tidemark/protocol';
import { Rejection } from '../rejection';

/**
 * Rate-limit plumbing: off unless a route sets `config.rateLimit` or uses `limitRequests`. With Redis the counters are
 * shared by every server process; otherwise they live in this process.
 */
export const rateLimitPlugin = fp<{ redisUrl: string | undefined }>(async (app, { redisUrl }) => {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: limits.redisConnectTimeoutMs, maxRetriesPerRequest: 1 }) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tidemark-rl:' } : {}),
    // the envelope's error handler turns a 429 into the translated `rate_limited` answer
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: 'rate_limited' }),
  });
  if (redis) app.addHook('onClose', async () => void redis.quit());
});

export interface LimitRule {
  max: number;
  timeWindowMs: number;
  /** what one counter follows: the client address, or a value from the request such as the account */
  by: 'ip' | ((request: FastifyRequest) => string);
}

/**
 * A preHandler enforcing several limits at once (say per IP and per account) under one name;
 * counters of different names never mix. Answers the translated `rate_limited` when any is spent.
 */
export function limitRequests(app: FastifyInstance, name: string, rules: readonly LimitRule[]) {
  const limiters = rules.map((rule, i) =>
    app.createRateLimit({
      max: rule.max,
      timeWindow: rule.timeWindowMs,
      keyGenerator: (request) => `${name}:${i}:${rule.by === 'ip' ? request.ip : rule.by(request)}`,
    }),
  );
  return async (request: FastifyRequest) => {
    for (const limiter of limiters) {
      const verdict = await limiter(request);
      // `isAllowed` means "on the allow list"; the count decides
      if (!verdict.isAllowed && verdict.isExceeded) throw new Rejection('rate_limited');
    }
  };
}
