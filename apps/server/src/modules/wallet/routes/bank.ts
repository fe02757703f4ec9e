import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notice, ZBankBindRequest, ZCashInfoResponse, ZNoticeResponse } from '@tidemark/protocol';
import { ok } from '../../../http/envelope';
import { selectBankCard } from '../queries';
import { bindBankCard } from '../service';
import { tags, user, type WalletRouteDeps } from './shared';

/** The bank card bank withdrawals pay to (under /api/user/ in the spec). */
export const bankRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/user/cash_info',
    { config: user, schema: { tags, summary: 'The bound bank card (empty when none)', response: { 200: ZCashInfoResponse } } },
    async (request) => ok((await selectBankCard(db, request.userId)) ?? {}),
  );

  app.post(
    '/api/user/bank_bind',
    { config: user, schema: { tags, summary: 'Bind (or replace) the bank card', body: ZBankBindRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      await bindBankCard(db, request.userId, request.body, clock());
      return ok(notice(request.lang, 'bank_bound'));
    },
  );
};
