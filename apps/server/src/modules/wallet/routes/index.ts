import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketView } from '@tidemark/core';
import { addressRoutes } from './address';
import { bankRoutes } from './bank';
import { depositRoutes } from './deposit';
import { listRoutes } from './list';
import { recordsRoutes } from './records';
import { transferRoutes } from './transfer';
import type { WalletRouteDeps } from './shared';
import { withdrawRoutes } from './withdraw';

/**
 * The wallet's calls, one file per part of the spec: list (balances), transfer, address (the
 * withdrawal address book), bank (the bound card), withdraw, deposit, records (logs).
 */
export const walletRoutes: FastifyPluginAsyncZod<WalletRouteDeps & { market: MarketView }> = async (app, { db, clock, market, strikes }) => {
  await app.register(listRoutes, { db, clock, market, strikes });
  await app.register(transferRoutes, { db, clock, strikes });
  await app.register(addressRoutes, { db, clock, strikes });
  await app.register(bankRoutes, { db, clock, strikes });
  await app.register(withdrawRoutes, { db, clock, strikes });
  await app.register(depositRoutes, { db, clock, strikes });
  await app.register(recordsRoutes, { db, clock, strikes });
};
