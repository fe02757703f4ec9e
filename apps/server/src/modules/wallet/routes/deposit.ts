import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls, limits, notice } from '@tidemark/protocol';
import { route } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { paged, presentDeposit, presentDepositAddresses } from '../present';
import { selectDeposits } from '../queries';
import { currencyIdOf, depositAddresses, requestDeposit } from '../service';
import type { WalletRouteDeps } from './shared';

/** Deposits: where to send, the application with its screenshot, the applications so far. */
export const depositRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { clock }) => {
  route(app, calls.walletInAddress, async (request, _reply, { db }) =>
    ok(presentDepositAddresses(await depositAddresses(db, request.body.currency))),
  );

  route(app, calls.walletChargeReq, async (request, _reply, { db }) => {
    const b = request.body;
    await requestDeposit(db, { userId: request.userId, currencyId: currencyIdOf(b.currency), amountUnits: b.amount, pic: b.pic }, clock());
    return ok(notice(request.lang, 'deposit_submitted'));
  });

  route(app, calls.walletChargeList, async (request, _reply, { db }) => {
    const pageSize = limits.recordsPageSize;
    const page = paged(await selectDeposits(db, request.userId, request.body.page, pageSize), pageSize);
    return ok({ list: page.rows.map(presentDeposit), has_more: page.hasMore });
  });
};
