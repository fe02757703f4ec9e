import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notice, ZAddAddressRequest, ZAddressListResponse, ZCurrencyRequest, ZDeleteAddressRequest, ZNoticeResponse } from '@tidemark/protocol';
import { ok } from '../../../http/envelope';
import { presentAddress } from '../present';
import { selectWithdrawAddresses } from '../queries';
import { addAddress, deleteAddress } from '../service';
import { tags, user, type WalletRouteDeps } from './shared';

/** The withdrawal address book. */
export const addressRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/wallet/get_address',
    { config: user, schema: { tags, summary: 'The user’s withdrawal addresses for a currency', body: ZCurrencyRequest, response: { 200: ZAddressListResponse } } },
    async (request) => ok((await selectWithdrawAddresses(db, request.userId, BigInt(request.body.currency))).map(presentAddress)),
  );

  app.post(
    '/api/wallet/addaddress',
    { config: user, schema: { tags, summary: 'Add a withdrawal address', body: ZAddAddressRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      const b = request.body;
      await addAddress(db, { userId: request.userId, currencyId: BigInt(b.currency_id), address: b.address, notes: b.notes, network: b.netType }, clock());
      return ok(notice(request.lang, 'address_added'));
    },
  );

  app.post(
    '/api/wallet/deladdress',
    { config: user, schema: { tags, summary: 'Delete a withdrawal address', body: ZDeleteAddressRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      await deleteAddress(db, request.userId, request.body.address_id);
      return ok(notice(request.lang, 'address_deleted'));
    },
  );
};
