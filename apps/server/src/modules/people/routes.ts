import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { presentPage } from '../common/present';
import { presentTrader, presentTraderDetail } from './present';
import { searchTraders, setTraderLock, traderDetail } from './service';

export const peopleRoutes: FastifyPluginAsync<{
  clock: Clock;
  sessionIdleMs: number;
  /** disconnects the sockets bound to sessions a committed change ended, on every process */
  endSessions: (sessionIds: bigint[]) => void;
}> = async (app, { clock, sessionIdleMs, endSessions }) => {
  route(app, calls.adminUsers, async (request, _reply, { db }) => {
    const { q, ...paging } = request.query;
    return ok(presentPage(await searchTraders(db, q, paging), paging, presentTrader));
  });

  route(app, calls.adminUser, async (request, _reply, { db }) =>
    ok(presentTraderDetail(await traderDetail(db, { staffId: request.userId, userId: request.query.id }, sessionIdleMs, clock()))),
  );

  route(app, calls.adminUserLock, async (request, _reply, { db }) => {
    const { id, lock, on } = request.body;
    endSessions(await setTraderLock(db, { staffId: request.userId, userId: id, lock, on }, clock()));
    return ok(notice(request.lang, 'review_saved'));
  });
};
