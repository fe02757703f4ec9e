import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { Rejection } from '../../rejection';
import { reviewIdentity } from '../identity/service';
import { approveDeposit, approveWithdrawal, rejectDeposit, rejectWithdrawal, settleWithdrawalOnChain } from '../wallet/review';
import { presentPage } from '../common/present';
import { presentDeposit, presentIdentity, presentWithdrawal } from './present';
import { depositQueue, identityQueue, withdrawalQueue } from './service';

/** The staff console's review queues and decisions; the decisions are audited by their services. */
export const reviewRoutes: FastifyPluginAsync<{ clock: Clock }> = async (app, { clock }) => {
  route(app, calls.adminDeposits, async (request, _reply, { db }) => {
    const { status, user, ...paging } = request.query;
    return ok(presentPage(await depositQueue(db, { ...(status ? { status } : {}), ...(user ? { user } : {}) }, paging), paging, presentDeposit));
  });

  route(app, calls.adminDepositCredit, async (request, _reply, { db }) => ok(await approveDeposit(db, request.userId, request.body.id, clock())));

  route(app, calls.adminDepositReject, async (request, _reply, { db }) => {
    await rejectDeposit(db, request.userId, request.body.id, clock(), request.body.reason);
    return ok(notice(request.lang, 'review_saved'));
  });

  route(app, calls.adminWithdrawals, async (request, _reply, { db }) => {
    const { status, user, ...paging } = request.query;
    return ok(presentPage(await withdrawalQueue(db, { ...(status ? { status } : {}), ...(user ? { user } : {}) }, paging), paging, presentWithdrawal));
  });

  route(app, calls.adminWithdrawalApprove, async (request, _reply, { db }) => ok(await approveWithdrawal(db, request.userId, request.body.id, clock())));

  route(app, calls.adminWithdrawalReject, async (request, _reply, { db }) => {
    await rejectWithdrawal(db, request.userId, request.body.id, clock(), request.body.reason);
    return ok(notice(request.lang, 'review_saved'));
  });

  route(app, calls.adminWithdrawalChain, async (request, _reply, { db }) => {
    const { id, outcome, hash } = request.body;
    if (outcome === 'success' && !hash) throw new Rejection('tx_hash_required');
    await settleWithdrawalOnChain(db, request.userId, id, outcome === 'success' ? { ok: true, hash: hash! } : { ok: false }, clock());
    return ok(notice(request.lang, 'review_saved'));
  });

  route(app, calls.adminIdentities, async (request, _reply, { db }) => {
    const { status, user, ...paging } = request.query;
    return ok(presentPage(await identityQueue(db, { ...(status ? { status } : {}), ...(user ? { user } : {}) }, paging), paging, presentIdentity));
  });

  route(app, calls.adminIdentityApprove, async (request, _reply, { db }) => {
    await reviewIdentity(db, { staffId: request.userId, userId: request.body.user_id, approve: true }, clock());
    return ok(notice(request.lang, 'review_saved'));
  });

  route(app, calls.adminIdentityReject, async (request, _reply, { db }) => {
    await reviewIdentity(db, { staffId: request.userId, userId: request.body.user_id, approve: false, note: request.body.reason }, clock());
    return ok(notice(request.lang, 'review_saved'));
  });
};
