import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, notice, rateLimits, type RateLimit } from '@tidemark/protocol';
import type { z } from 'zod';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { limitRequests, type LimitRule } from '../../http/rate-limit';
import { findUploadForStaff } from '../upload/service';
import { sendUpload, ZUploadParams } from '../upload/routes';
import {
  acceptInvite,
  changeOwnPassword,
  changeStaffRole,
  createStaff,
  endStaffSession,
  finishStaffSignIn,
  openInvite,
  resetStaffPassword,
  resetStaffTotp,
  staffList,
  staffMember,
  startStaffSignIn,
} from './service';

const perIp = ({ max, windowMs }: RateLimit): LimitRule => ({ by: 'ip', max, timeWindowMs: windowMs });

export const staffRoutes: FastifyPluginAsync<{ clock: Clock; uploadDir: string }> = async (app, { clock, uploadDir }) => {
  const byEmail: LimitRule = {
    by: (request) => String((request.body as Record<string, unknown> | undefined)?.email ?? '').toLowerCase(),
    max: rateLimits.staffLogin.perAccount.max,
    timeWindowMs: rateLimits.staffLogin.perAccount.windowMs,
  };

  route(
    app,
    calls.adminLogin,
    async (request, _reply, { db }) => {
      const { ticket, setup } = await startStaffSignIn(db, request.body.email, request.body.password, clock());
      return ok({ ticket, setup: setup ? { secret: setup.secret, otpauth_url: setup.otpauthUrl } : null });
    },
    { preHandler: limitRequests(app, 'staff-login', [perIp(rateLimits.staffLogin.perIp), byEmail]) },
  );

  route(
    app,
    calls.adminLoginTotp,
    async (request, _reply, { db }) => ok(await finishStaffSignIn(db, request.body.ticket, request.body.code, clock())),
    { preHandler: limitRequests(app, 'staff-totp', [perIp(rateLimits.staffTotp.perIp)]) },
  );

  route(app, calls.adminLogout, async (request, _reply, { db }) => {
    await endStaffSession(db, request.sessionId, clock());
    return ok(notice(request.lang, 'logged_out'));
  });

  route(app, calls.adminMe, async (request, _reply, { db }) => {
    const me = await staffMember(db, request.userId);
    return ok({ id: me.id.toString(), email: me.email ?? '', role: me.staff_role });
  });

  route(app, calls.adminStaffList, async (_request, _reply, { db }) => ok(await staffList(db)));

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
      return sendUpload(reply, uploadDir, await findUploadForStaff(db, name));
    },
    { params: ZUploadParams },
  );
};
