import type { FastifyPluginAsync } from 'fastify';
import type { Clock, MarketView } from '@tidemark/core';
import { calls } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { presentPage } from '../review/present';
import type { ScheduledJob } from '../schedule/job';
import { engineHealth, ledgerCheckNow, microCheckNow, outboxPage, riskByPair } from './service';

export const riskRoutes: FastifyPluginAsync<{ clock: Clock; market: MarketView & { isLeader(): boolean }; jobs: readonly ScheduledJob[] }> = async (
  app,
  { clock, market, jobs },
) => {
  route(app, calls.adminRisk, async (_request, _reply, { db }) => {
    const [pairs, engines] = await Promise.all([riskByPair(db, market), engineHealth(db, jobs, clock())]);
    return ok({ leader: market.isLeader(), ...engines, pairs });
  });
  route(app, calls.adminLedgerCheck, async (_request, _reply, { db }) => ok(await ledgerCheckNow(db)));
  route(app, calls.adminMicroCheck, async (_request, _reply, { db }) => ok(await microCheckNow(db)));
  route(app, calls.adminOutbox, async (request, _reply, { db }) => {
    const paging = request.query;
    const page = await outboxPage(db, { staffId: request.userId, ...paging }, clock());
    return ok(
      presentPage(page, paging, (m) => ({
        id: m.id.toString(),
        to: m.to_address,
        subject: m.subject,
        status: m.status,
        error: m.error,
        created_ms: Number(m.created_at_ms),
        sent_ms: m.sent_at_ms === null ? null : Number(m.sent_at_ms),
      })),
    );
  });
};
