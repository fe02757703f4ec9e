import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls, limits, notice, ZChargeRequest, ZNoticeResponse } from '@tidemark/protocol';
import { route } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { paged, presentDeposit, presentDepositAddresses } from '../present';
import { selectDeposits } from '../queries';
import { currencyIdOf, depositAddresses, requestDeposit } from '../service';
import { money, tags, type WalletRouteDeps } from './shared';

/** Deposits: where to send, the application with its screenshot, the applications so far. */
export const depositRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { db, clock }) => {
  route(app, calls.walletInAddress, async (request, _reply, { db }) =>
    ok(presentDepositAddresses(await depositAddresses(db, request.body.currency))),
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

  route(app, calls.walletChargeList, async (request, _reply, { db }) => {
    const pageSize = limits.recordsPageSize;
    const page = paged(await selectDeposits(db, request.userId, request.body.page, pageSize), pageSize);
    return ok({ list: page.rows.map(presentDeposit), has_more: page.hasMore });
  });
};
