import type { FastifyPluginAsync } from 'fastify';
import type { MarketView } from '@tidemark/core';
import { calls } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { presentPage } from '../review/present';
import { engineHealth, ledgerCheckNow, microCheckNow, outboxPage, riskByPair } from './service';

export const riskRoutes: FastifyPluginAsync<{ market: MarketView & { isLeader(): boolean } }> = async (app, { market }) => {
  route(app, calls.adminRisk, async (_request, _reply, { db }) => {
    const [pairs, engines] = await Promise.all([riskByPair(db, market), engineHealth(db)]);
    return ok({ leader: market.isLeader(), ...engines, pairs });
  });
  route(app, calls.adminLedgerCheck, async (_request, _reply, { db }) => ok(await ledgerCheckNow(db)));
  route(app, calls.adminMicroCheck, async (_request, _reply, { db }) => ok(await microCheckNow(db)));
  route(app, calls.adminOutbox, async (request, _reply, { db }) => {
    const paging = request.query;
    return ok(
      presentPage(await outboxPage(db, paging), paging, (m) => ({
        id: m.id.toString(),
        to: m.to_address,
        subject: m.subject,
        body: m.body,
        created_ms: Number(m.created_at_ms),
        sent_ms: m.sent_at_ms === null ? null : Number(m.sent_at_ms),
      })),
    );
  });
};
