import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BANK_CURRENCY, calls, limits, notice } from '@tidemark/protocol';
import { route } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { paged, presentWithdrawal, presentWithdrawInfo } from '../present';
import { selectWithdrawals } from '../queries';
import { currencyIdOf, precheckWithdrawal, requestWithdrawal, withdrawInfo } from '../service';
import type { WalletRouteDeps } from './shared';

export const withdrawRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { clock, strikes }) => {
  route(app, calls.walletWithdrawInfo, async (request, _reply, { db }) =>
    ok(presentWithdrawInfo(await withdrawInfo(db, request.userId, currencyIdOf(request.body.currency), clock()))),
  );

  // prepared: the fund password hash verified before the transaction (see precheckWithdrawal)
  route<typeof calls.walletOut, string>(
    app,
    calls.walletOut,
    async (request, _reply, { db, prepared, ledgerKey }) => {
      const b = request.body;
      await requestWithdrawal(
        db,
        {
          userId: request.userId,
          currencyId: currencyIdOf(b.currency),
          amountUnits: b.number,
          address: b.address,
          payPassword: b.pay_password,
          totpCode: b.totp_code || undefined,
          strikes,
          bank: b.currency === BANK_CURRENCY,
          verifiedHash: prepared,
          ledgerKey,
        },
        clock(),
      );
      return ok(notice(request.lang, 'withdraw_submitted'));
    },
    // argon2 outside the transaction: it would hold the SQLite writer for its whole run
    { prepare: (request, appDb) => precheckWithdrawal(appDb, strikes, request.userId, request.body.pay_password, clock()) },
  );

  route(app, calls.walletWithdrawList, async (request, _reply, { db }) => {
    const pageSize = limits.recordsPageSize;
    const page = paged(await selectWithdrawals(db, request.userId, request.body.page, pageSize), pageSize);
    return ok({ list: page.rows.map(presentWithdrawal), has_more: page.hasMore });
  });
};
