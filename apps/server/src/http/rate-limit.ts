import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/**
 * Rate-limit plumbing: off unless a route sets `config.rateLimit`. With Redis the counters are
 * shared by every server process; otherwise they live in this process.
 */
export const rateLimitPlugin = fp<{ redisUrl: string | undefined }>(async (app, { redisUrl }) => {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 }) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tidemark-rl:' } : {}),
    // the envelope's error handler turns a 429 into the translated `rate_limited` answer
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: 'rate_limited' }),
  });
  if (redis) app.addHook('onClose', async () => void redis.quit());
});
