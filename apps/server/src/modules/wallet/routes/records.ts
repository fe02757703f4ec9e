import type { FastifyPluginAsync } from 'fastify';
import { calls, limits, RECORD_TYPES, type RecordType } from '@tidemark/protocol';
import { route } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { paged, presentLogRow, presentTransferLogItem } from '../present';
import { selectWalletLog } from '../queries';
import type { WalletRouteDeps } from './shared';

/** The wallet log: the records pages by category, and the transfer log of every movement. */
export const recordsRoutes: FastifyPluginAsync<WalletRouteDeps> = async (app) => {
  route(app, calls.walletLegalLog, async (request, _reply, { db }) => {
    const b = request.body;
    const pageSize = limits.recordsPageSize;
    const { wallet, categories } = RECORD_TYPES[b.type as RecordType];
    const rows = await selectWalletLog(db, {
      userId: request.userId,
      wallet,
      categories,
      ...(b.currency !== undefined ? { currencyId: BigInt(b.currency) } : {}),
      page: b.page,
      pageSize,
    });
    const page = paged(rows, pageSize);
    return ok({ list: page.rows.map((r) => presentLogRow(r, request.lang)), page: b.page, has_more: page.hasMore });
  });

  route(app, calls.accountList, async (request, _reply, { db }) => {
    const { limit, page } = request.body;
    const rows = paged(await selectWalletLog(db, { userId: request.userId, page, pageSize: limit }), limit);
    return ok({ data: rows.rows.map((r) => presentTransferLogItem(r, request.lang)), page, has_more: rows.hasMore });
  });
};
