import type { FastifyPluginAsync } from 'fastify';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { presentAddress } from '../present';
import { selectWithdrawAddresses } from '../queries';
import { addAddress, deleteAddress } from '../service';
import type { WalletRouteDeps } from './shared';

/** The withdrawal address book. */
export const addressRoutes: FastifyPluginAsync<WalletRouteDeps> = async (app, { clock }) => {
  route(app, calls.walletAddresses, async (request, _reply, { db }) =>
    ok((await selectWithdrawAddresses(db, request.userId, BigInt(request.body.currency))).map(presentAddress)),
  );

  route(app, calls.walletAddAddress, async (request, _reply, { db }) => {
    const b = request.body;
    await addAddress(db, { userId: request.userId, currencyId: BigInt(b.currency_id), address: b.address, notes: b.notes, network: b.netType }, clock());
    return ok(notice(request.lang, 'address_added'));
  });

  route(app, calls.walletDeleteAddress, async (request, _reply, { db }) => {
    await deleteAddress(db, request.userId, request.body.address_id);
    return ok(notice(request.lang, 'address_deleted'));
  });
};
