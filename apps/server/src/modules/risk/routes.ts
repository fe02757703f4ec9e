import type { FastifyPluginAsync } from 'fastify';
import type { Clock, MarketView } from '@tidemark/core';
import { calls } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { presentPage } from '../common/present';
import { presentEngineHealth, presentOutboxMail, presentPairExposure } from './present';
import type { ScheduledJob } from '../schedule/job';
import { engineHealth, ledgerCheckNow, microCheckNow, outboxPage, riskByPair } from './service';

export const riskRoutes: FastifyPluginAsync<{ clock: Clock; market: MarketView & { isLeader(): boolean }; jobs: readonly ScheduledJob[] }> = async (
  app,
  { clock, market, jobs },
) => {
  route(app, calls.adminRisk, async (_request, _reply, { db }) => {
    const [pairs, engines] = await Promise.all([riskByPair(db, market), engineHealth(db, jobs, clock())]);
    return ok({ leader: market.isLeader(), ...presentEngineHealth(engines), pairs: pairs.map(presentPairExposure) });
  });
  route(app, calls.adminLedgerCheck, async (_request, _reply, { db }) => ok(await ledgerCheckNow(db)));
  route(app, calls.adminMicroCheck, async (_request, _reply, { db }) => ok(await microCheckNow(db)));
  route(app, calls.adminOutbox, async (request, _reply, { db }) => {
    const paging = request.query;
    const page = await outboxPage(db, { staffId: request.userId, ...paging }, clock());
    return ok(presentPage(page, paging, presentOutboxMail));
  });
};
