import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notice, ZNoticeResponse, ZTransferRequest } from '@tidemark/protocol';
import { ok } from '../../../http/envelope';
import { transfer } from '../service';
import { money, tags, type WalletRouteDeps } from './shared';

export const transferRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/wallet/change',
    { config: money, schema: { tags, summary: 'Transfer between the user’s wallets', body: ZTransferRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      const b = request.body;
      await transfer(db, { userId: request.userId, currencyId: BigInt(b.currency_id), from: b.from_field, to: b.to_field, amountUnits: b.number }, clock());
      return ok(notice(request.lang, 'transfer_ok'));
    },
  );
};
