import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limits, notice, ZChargeRequest, ZCurrencyRequest, ZDepositListResponse, ZInAddressResponse, ZNoticeResponse, ZPageRequest } from '@tidemark/protocol';
import { ok } from '../../../http/envelope';
import { paged, presentDeposit, presentDepositAddresses } from '../present';
import { selectDeposits } from '../queries';
import { currencyIdOf, depositAddresses, requestDeposit } from '../service';
import { money, tags, user, type WalletRouteDeps } from './shared';

/** Deposits: where to send, the application with its screenshot, the applications so far. */
export const depositRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/wallet/get_in_address',
    { config: user, schema: { tags, summary: 'Deposit addresses of a currency by network', body: ZCurrencyRequest, response: { 200: ZInAddressResponse } } },
    async (request) => ok(presentDepositAddresses(await depositAddresses(db, request.body.currency))),
  );

  app.post(
    '/api/wallet/charge_req',
    { config: money, schema: { tags, summary: 'Apply for a deposit with a transfer screenshot', body: ZChargeRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      const b = request.body;
      await requestDeposit(db, { userId: request.userId, currencyId: currencyIdOf(b.currency), amountUnits: b.amount, pic: b.pic }, clock());
      return ok(notice(request.lang, 'deposit_submitted'));
    },
  );

  app.post(
    '/api/wallet/charge_list',
    { config: user, schema: { tags, summary: 'The user’s deposit applications with their status', body: ZPageRequest, response: { 200: ZDepositListResponse } } },
    async (request) => {
      const pageSize = limits.recordsPageSize;
      const page = paged(await selectDeposits(db, request.userId, request.body.page, pageSize), pageSize);
      return ok({ list: page.rows.map(presentDeposit), has_more: page.hasMore });
    },
  );
};
