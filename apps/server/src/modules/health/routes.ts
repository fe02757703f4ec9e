import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { readinessChecker, type HealthProbe } from './service';

export const healthRoutes: FastifyPluginAsync<{ db: Db; clock: Clock; probe: HealthProbe }> = async (app, { db, clock, probe }) => {
  route(app, calls.health, async () => ok({ status: 'alive' as const }));
  const readiness = readinessChecker(db, probe, clock);
  route(app, calls.healthReady, async (_request, reply) => {
    const answer = await readiness();
    // a load balancer reads the status code; the envelope says why
    if (!answer.ready) reply.code(503);
    return ok(answer);
  });
};
