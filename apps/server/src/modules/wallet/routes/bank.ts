import type { FastifyPluginAsync } from 'fastify';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { selectBankCard } from '../queries';
import { bindBankCard } from '../service';
import type { WalletRouteDeps } from './shared';

/** The bank card bank withdrawals pay to (under /api/user/ in the spec). */
export const bankRoutes: FastifyPluginAsync<WalletRouteDeps> = async (app, { clock }) => {
  route(app, calls.userCashInfo, async (request, _reply, { db }) => ok((await selectBankCard(db, request.userId)) ?? {}));

  route(app, calls.userBankBind, async (request, _reply, { db }) => {
    await bindBankCard(db, request.userId, request.body, clock());
    return ok(notice(request.lang, 'bank_bound'));
  });
};
