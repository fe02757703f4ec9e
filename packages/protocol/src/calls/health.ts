import { z } from 'zod';
import { ZEnvelopeOk } from '../envelope';

/** GET /api/health: the process answers (liveness). */
export const ZHealthResponse = ZEnvelopeOk(z.object({ status: z.literal('alive') }));
export type THealthResponse = z.infer<typeof ZHealthResponse>;

/**
 * GET /api/health/ready: whether this process should take traffic, and why not. HTTP 200 when
 * ready, 503 (same envelope) when not, so a load balancer needs no parsing. States only: no
 * address, version or setting of the deployment.
 */
export const ZHealthReadyResponse = ZEnvelopeOk(
  z.object({
    ready: z.boolean(),
    /** the database answers a query */
    database: z.enum(['up', 'down']),
    /** the Redis the processes share answers; `none` when the deployment runs without one */
    redis: z.enum(['up', 'down', 'none']),
    /** every migration this build knows has run */
    migrations: z.enum(['current', 'pending', 'unknown']),
    /** `leader`: this process runs the feed and the engines */
    role: z.enum(['leader', 'follower']),
    /** milliseconds since this process last applied a market tick; null before the first */
    feed_age_ms: z.number().int().nonnegative().nullable(),
    /** the process received SIGTERM and finishes what it has in hand */
    draining: z.boolean(),
  }),
);
export type THealthReadyResponse = z.infer<typeof ZHealthReadyResponse>;
