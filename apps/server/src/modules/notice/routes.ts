import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { presentPage } from '../common/present';
import { presentNotice, presentNoticeForStaff, presentNoticeTitle } from './present';
import { noticesForStaff, publishedNotice, publishedNotices, saveNotice } from './service';

export const noticeRoutes: FastifyPluginAsync<{ clock: Clock }> = async (app, { clock }) => {
  route(app, calls.noticeList, async (request, _reply, { db }) => {
    const paging = request.query;
    return ok(presentPage(await publishedNotices(db, paging), paging, (row) => presentNoticeTitle(row, request.lang)));
  });

  route(app, calls.noticeDetail, async (request, _reply, { db }) => ok(presentNotice(await publishedNotice(db, request.query.id), request.lang)));

  route(app, calls.adminNotices, async (request, _reply, { db }) => {
    const paging = request.query;
    return ok(presentPage(await noticesForStaff(db, paging), paging, presentNoticeForStaff));
  });

  route(app, calls.adminNoticeSave, async (request, _reply, { db }) => {
    const { id, published, ...fields } = request.body;
    await saveNotice(db, { staffId: request.userId, ...(id !== undefined ? { id } : {}), published, fields }, clock());
    return ok(notice(request.lang, 'review_saved'));
  });
};
