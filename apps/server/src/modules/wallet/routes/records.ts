import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limits, RECORD_TYPES, ZAccountListRequest, ZAccountListResponse, ZLegalLogRequest, ZLegalLogResponse, type RecordType } from '@tidemark/protocol';
import { ok } from '../../../http/envelope';
import { paged, presentLogRow, presentTransferLogItem } from '../present';
import { selectWalletLog } from '../queries';
import { tags, user, type WalletRouteDeps } from './shared';

/** The wallet log: the records pages by category, and the transfer log of every movement. */
export const recordsRoutes: FastifyPluginAsyncZod<WalletRouteDeps> = async (app, { db }) => {
  app.post(
    '/api/wallet/legal_log',
    { config: user, schema: { tags, summary: 'Records of a currency: 2 deposits and withdrawals, 3 contract, 4 micro', body: ZLegalLogRequest, response: { 200: ZLegalLogResponse } } },
    async (request) => {
      const b = request.body;
      const pageSize = limits.recordsPageSize;
      const rows = await selectWalletLog(db, {
        userId: request.userId,
        categories: RECORD_TYPES[b.type as RecordType],
        ...(b.currency !== undefined ? { currencyId: BigInt(b.currency) } : {}),
        page: b.page,
        pageSize,
      });
      const page = paged(rows, pageSize);
      return ok({ list: page.rows.map((r) => presentLogRow(r, request.lang)), page: b.page, has_more: page.hasMore });
    },
  );

  app.post(
    '/api/account/list',
    { config: user, schema: { tags, summary: 'The transfer log: every wallet movement, newest first', body: ZAccountListRequest, response: { 200: ZAccountListResponse } } },
    async (request) => {
      const { limit, page } = request.body;
      const rows = paged(await selectWalletLog(db, { userId: request.userId, page, pageSize: limit }), limit);
      return ok({ data: rows.rows.map((r) => presentTransferLogItem(r, request.lang)), page, has_more: rows.hasMore });
    },
  );
};
