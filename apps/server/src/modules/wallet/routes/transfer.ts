import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { transfer } from '../service';
import type { WalletRouteDeps } from './shared';

export const transferRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { clock }) => {
  route(app, calls.walletChange, async (request, _reply, { db, ledgerKey }) => {
    const b = request.body;
    await transfer(
      db,
      { userId: request.userId, currencyId: BigInt(b.currency_id), from: b.from_field, to: b.to_field, amountUnits: b.number, ledgerKey },
      clock(),
    );
    return ok(notice(request.lang, 'transfer_ok'));
  });
};
