import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BANK_CURRENCY, calls, limits, notice, ZNoticeResponse, ZWithdrawRequest } from '@tidemark/protocol';
import { route } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { paged, presentWithdrawal, presentWithdrawInfo } from '../present';
import { selectWithdrawals } from '../queries';
import { currencyIdOf, requestWithdrawal, withdrawInfo } from '../service';
import { money, tags, type WalletRouteDeps } from './shared';

export const withdrawRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { db, clock }) => {
  route(app, calls.walletWithdrawInfo, async (request, _reply, { db }) =>
    ok(presentWithdrawInfo(await withdrawInfo(db, request.userId, currencyIdOf(request.body.currency), clock()))),
  );

  app.post(
    '/api/wallet/out',
    { config: money, schema: { tags, summary: 'Request a withdrawal (frozen until staff decide)', body: ZWithdrawRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      const b = request.body;
      await requestWithdrawal(
        db,
        {
          userId: request.userId,
          currencyId: currencyIdOf(b.currency),
          amountUnits: b.number,
          address: b.address,
          payPassword: b.pay_password,
          bank: b.currency === BANK_CURRENCY,
        },
        clock(),
      );
      return ok(notice(request.lang, 'withdraw_submitted'));
    },
  );

  route(app, calls.walletWithdrawList, async (request, _reply, { db }) => {
    const pageSize = limits.recordsPageSize;
    const page = paged(await selectWithdrawals(db, request.userId, request.body.page, pageSize), pageSize);
    return ok({ list: page.rows.map(presentWithdrawal), has_more: page.hasMore });
  });
};
