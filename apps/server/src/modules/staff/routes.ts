import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, notice, rateLimits, type RateLimit } from '@tidemark/protocol';
import type { z } from 'zod';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { limitRequests, type LimitRule } from '../../http/rate-limit';
import { admitLogin, loginFailed, loginSucceeded } from '../guard/service';
import type { Strikes } from '../guard/strikes';
import { findUploadForStaff } from '../upload/service';
import { sendUpload, ZUploadParams } from '../upload/routes';
import { presentStaffMe, presentStaffMember } from './present';
import {
  acceptInvite,
  changeOwnPassword,
  changeStaffRole,
  createStaff,
  endStaffSession,
  finishStaffSignIn,
  pendingStaffSignIn,
  openInvite,
  resetStaffPassword,
  resetStaffTotp,
  staffList,
  staffMember,
  startStaffSignIn,
} from './service';

const perIp = ({ max, windowMs }: RateLimit): LimitRule => ({ by: 'ip', max, timeWindowMs: windowMs });

export const staffRoutes: FastifyPluginAsync<{ clock: Clock; strikes: Strikes; uploadDir: string }> = async (app, { clock, strikes, uploadDir }) => {
  // failures only, per account and address and per account, as for traders (guard/service.ts): a
  // request budget per account would let anyone lock a reviewer out of the console
  const underLoginCounts = async <T>(attempt: { account: string; address: string }, nowMs: number, step: () => Promise<T>): Promise<T> => {
    await admitLogin(strikes, attempt, nowMs);
    try {
      return await step();
    } catch (error) {
      await loginFailed(strikes, attempt, nowMs, error);
      throw error;
    }
  };

  route(
    app,
    calls.adminLogin,
    async (request, _reply, { db }) => {
      const nowMs = clock();
      // a right password alone is no sign-in: the address's failures stay until the code is right too
      const { ticket, setup } = await underLoginCounts({ account: request.body.email, address: request.ip }, nowMs, () =>
        startStaffSignIn(db, request.body.email, request.body.password, nowMs),
      );
      return ok({ ticket, setup: setup ? { secret: setup.secret, otpauth_url: setup.otpauthUrl } : null });
    },
    { preHandler: limitRequests(app, 'staff-login', [perIp(rateLimits.staffLogin.perIp)]) },
  );

  route(
    app,
    calls.adminLoginTotp,
    async (request, _reply, { db }) => {
      const nowMs = clock();
      const pending = await pendingStaffSignIn(db, request.body.ticket, nowMs);
      const attempt = { account: pending.email, address: request.ip };
      const session = await underLoginCounts(attempt, nowMs, () => finishStaffSignIn(db, pending, request.body.code, nowMs));
      await loginSucceeded(strikes, attempt, nowMs);
      return ok(session);
    },
    { preHandler: limitRequests(app, 'staff-totp', [perIp(rateLimits.staffTotp.perIp)]) },
  );

  route(app, calls.adminLogout, async (request, _reply, { db }) => {
    await endStaffSession(db, request.sessionId, clock());
    return ok(notice(request.lang, 'logged_out'));
  });

  route(app, calls.adminMe, async (request, _reply, { db }) => {
    const me = await staffMember(db, request.userId);
    return ok(presentStaffMe(me));
  });

  route(app, calls.adminStaffList, async (_request, _reply, { db }) => ok((await staffList(db)).map(presentStaffMember)));

  route(app, calls.adminStaffCreate, async (request, _reply, { db }) => ok(await createStaff(db, { adminId: request.userId, ...request.body }, clock())));

  route(app, calls.adminStaffResetPassword, async (request, _reply, { db }) =>
    ok(await resetStaffPassword(db, { adminId: request.userId, userId: request.body.id }, clock())),
  );

  const inviteLimit = { preHandler: limitRequests(app, 'staff-invite', [perIp(rateLimits.staffInvite.perIp)]) };
  route(app, calls.adminInviteOpen, async (request, _reply, { db }) => ok(await openInvite(db, request.body.token, clock())), inviteLimit);

  route(
    app,
    calls.adminInviteAccept,
    async (request, _reply, { db }) => {
      const { token, password, code } = request.body;
      await acceptInvite(db, { token, password, code }, clock());
      return ok(notice(request.lang, 'staff_invite_done'));
    },
    inviteLimit,
  );

  route(
    app,
    calls.adminPassword,
    async (request, _reply, { db }) => {
      const { old_password: oldPassword, password, code } = request.body;
      await changeOwnPassword(db, { userId: request.userId, sessionId: request.sessionId, oldPassword, password, code }, clock());
      return ok(notice(request.lang, 'staff_password_changed'));
    },
    { preHandler: limitRequests(app, 'staff-password', [perIp(rateLimits.changeSecrets.perIp)]) },
  );

  route(app, calls.adminStaffRole, async (request, _reply, { db }) => {
    await changeStaffRole(db, { adminId: request.userId, userId: request.body.id, role: request.body.role }, clock());
    return ok(notice(request.lang, 'review_saved'));
  });

  route(app, calls.adminStaffResetTotp, async (request, _reply, { db }) => {
    await resetStaffTotp(db, { adminId: request.userId, userId: request.body.id }, clock());
    return ok(notice(request.lang, 'review_saved'));
  });

  route(
    app,
    calls.adminUploadRead,
    async (request, reply, { db }) => {
      const { name } = request.params as z.output<typeof ZUploadParams>;
      return sendUpload(reply, uploadDir, await findUploadForStaff(db, { staffId: request.userId, urlOrName: name }, clock()));
    },
    { params: ZUploadParams },
  );
};
