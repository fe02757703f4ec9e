import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, HAS_PAY_PASSWORD, notice, rateLimits, type RateLimit } from '@tidemark/protocol';
import { z } from 'zod';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { limitRequests, type LimitRule } from '../../http/rate-limit';
import { Rejection } from '../../rejection';
import { guardLogin } from '../guard/service';
import type { Strikes } from '../guard/strikes';
import { identityOutcome } from '../identity/service';
import type { Mailer } from '../mail/service';
import { traderTotpOn } from '../totp/service';
import { COUNTRIES } from './countries';
import { presentUserInfo } from './present';
import { selectUserById } from './queries';
import * as users from './service';

/** The account a request names, so one account is protected from many addresses too. */
const account = (field: string) => (request: FastifyRequest) =>
  String((request.body as Record<string, unknown> | undefined)?.[field] ?? '').toLowerCase();

const perIp = ({ max, windowMs }: RateLimit): LimitRule => ({ by: 'ip', max, timeWindowMs: windowMs });
const perAccount = (field: string, { max, windowMs }: RateLimit): LimitRule => ({ by: account(field), max, timeWindowMs: windowMs });

export const userRoutes: FastifyPluginAsync<{
  clock: Clock;
  mailer: Mailer;
  strikes: Strikes;
  /** disconnects the sockets bound to sessions a committed change ended, on every process */
  endSessions: (sessionIds: bigint[]) => void;
}> = async (app, { clock, mailer, strikes, endSessions }) => {
  const limit = (name: string, rules: LimitRule[]) => limitRequests(app, name, rules);
  const sendingCodes = { preHandler: limit('send-code', [perIp(rateLimits.sendCode.perIp)]) };
  const changingSecrets = { preHandler: limit('secrets', [perIp(rateLimits.changeSecrets.perIp)]) };

  route(
    app,
    calls.userLogin,
    async (request, _reply, { db }) => {
      const { user_string: account, password, totp_code: totpCode } = request.body;
      const nowMs = clock();
      return ok(await guardLogin(strikes, { account, address: request.ip }, nowMs, () => users.login(db, account, password, totpCode || undefined, nowMs)));
    },
    { preHandler: limit('login', [perIp(rateLimits.login.perIp)]) },
  );

  route(app, calls.userLogout, async (request, _reply, { db }) => {
    endSessions(await users.logout(db, request.sessionId, clock()));
    return ok(notice(request.lang, 'logged_out'));
  });

  route(
    app,
    calls.userRegister,
    async (request, _reply, { db }) => {
      const body = request.body;
      if (body.type === 'mobile') throw new Rejection('phone_codes_unavailable');
      const email = z.email().safeParse(body.user_string);
      if (!email.success) throw new Rejection('email_invalid');
      await users.register(
        db,
        {
          email: email.data,
          password: body.password,
          code: body.code,
          extensionCode: body.extension_code || undefined,
          countryCode: body.country_code || undefined,
        },
        clock(),
      );
      return ok(notice(request.lang, 'registered'));
    },
    { preHandler: limit('register', [perIp(rateLimits.register.perIp)]) },
  );

  route(
    app,
    calls.smsMail,
    async (request, _reply, { db }) => {
      const { user_string: email, type } = request.body;
      await (type === 'forget' ? users.sendForgetCode : users.sendRegisterCode)(db, mailer, email, request.lang, clock());
      return ok(notice(request.lang, 'code_sent'));
    },
    sendingCodes,
  );

  // phone codes are disabled in the product (spec): say so clearly instead of failing silently
  for (const call of [calls.smsSend, calls.userCheckMobile]) {
    route(app, call, async () => {
      throw new Rejection('phone_codes_unavailable');
    });
  }

  route(
    app,
    calls.userCheckEmail,
    async (request, _reply, { db }) => {
      await users.checkForgetCode(db, request.body.user_string, request.body.email_code, clock());
      return ok(notice(request.lang, 'code_ok'));
    },
    { preHandler: limit('check-code', [perIp(rateLimits.checkCode.perIp), perAccount('user_string', rateLimits.checkCode.perAccount)]) },
  );

  route(
    app,
    calls.userForget,
    async (request, _reply, { db }) => {
      const { account, password, code } = request.body;
      endSessions(await users.resetPassword(db, { email: account, password, code }, clock()));
      return ok(notice(request.lang, 'password_reset'));
    },
    { preHandler: limit('reset-password', [perIp(rateLimits.resetPassword.perIp), perAccount('account', rateLimits.resetPassword.perAccount)]) },
  );

  route(
    app,
    calls.userChangePassword,
    async (request, _reply, { db }) => {
      endSessions(
        await users.changePassword(db, { userId: request.userId, oldPassword: request.body.old_password, password: request.body.password }, clock()),
      );
      return ok(notice(request.lang, 'password_changed'));
    },
    changingSecrets,
  );

  route(app, calls.userInfo, async (request, _reply, { db }) =>
    ok(presentUserInfo(await selectUserById(db, request.userId), await traderTotpOn(db, request.userId))),
  );

  route(app, calls.userCenter, async (request, _reply, { db }) =>
    ok(await identityOutcome(db, request.userId, (await selectUserById(db, request.userId)).review_status)),
  );

  route(app, calls.commonCountries, async () => ok([...COUNTRIES]));

  route(app, calls.userHasPassword, async (request, _reply, { db }) =>
    ok((await selectUserById(db, request.userId)).pay_password_hash ? HAS_PAY_PASSWORD.set : HAS_PAY_PASSWORD.unset),
  );

  // codes mailed to the signed-in user's own address: for the fund password, and the invitee survey
  const ownCodes = [
    [calls.userPayPasswordCode, 'fund'],
    [calls.smsMailInvee, 'survey'],
  ] as const;
  for (const [call, purpose] of ownCodes) {
    route(
      app,
      call,
      async (request, _reply, { db }) => {
        await users.sendOwnCode(db, mailer, request.userId, purpose, request.lang, clock());
        return ok(notice(request.lang, 'code_sent'));
      },
      sendingCodes,
    );
  }

  route(
    app,
    calls.userPayPassword,
    async (request, _reply, { db }) => {
      const { password, pay_password: payPassword, code } = request.body;
      await users.setPayPassword(db, { userId: request.userId, password, payPassword, code }, clock());
      return ok(notice(request.lang, 'pay_password_set'));
    },
    changingSecrets,
  );

  route(app, calls.userInveeSurvey, async (request, _reply, { db }) => {
    await users.submitSurvey(db, { userId: request.userId, code: request.body.code, answers: request.body.answers }, clock());
    return ok(notice(request.lang, 'survey_submitted'));
  });
};
