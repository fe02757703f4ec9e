import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '@tidemark/core';
import {
  HAS_PAY_PASSWORD,
  notice,
  rateLimits,
  ZChangePasswordRequest,
  ZCheckEmailRequest,
  ZCheckMobileRequest,
  ZCountriesResponse,
  ZForgetRequest,
  ZHasPasswordResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZNoticeResponse,
  ZPayPasswordRequest,
  ZRegisterRequest,
  ZSendMailRequest,
  ZSendPhoneRequest,
  ZSurveyRequest,
  ZUserCenterResponse,
  ZUserInfoResponse,
  type RateLimit,
} from '@tidemark/protocol';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { ok } from '../../http/envelope';
import { limitRequests, type LimitRule } from '../../http/rate-limit';
import { Rejection } from '../../rejection';
import type { Mailer } from '../mail/service';
import { COUNTRIES } from './countries';
import { presentUserInfo } from './present';
import { selectUserById } from './queries';
import * as users from './service';

/** The account a request names, so one account is protected from many addresses too. */
const account = (field: string) => (request: FastifyRequest) =>
  String((request.body as Record<string, unknown> | undefined)?.[field] ?? '').toLowerCase();

const perIp = ({ max, windowMs }: RateLimit): LimitRule => ({ by: 'ip', max, timeWindowMs: windowMs });
const perAccount = (field: string, { max, windowMs }: RateLimit): LimitRule => ({ by: account(field), max, timeWindowMs: windowMs });

export const userRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; mailer: Mailer }> = async (app, { db, clock, mailer }) => {
  const limit = (name: string, rules: LimitRule[]) => limitRequests(app, name, rules);
  const sendingCodes = limit('send-code', [perIp(rateLimits.sendCode.perIp)]);
  const changingSecrets = limit('secrets', [perIp(rateLimits.changeSecrets.perIp)]);
  const tags = ['user'];

  app.post(
    '/api/user/login',
    {
      schema: { tags, summary: 'Log in; the message is the session token', body: ZLoginRequest, response: { 200: ZLoginResponse } },
      preHandler: limit('login', [perIp(rateLimits.login.perIp), perAccount('user_string', rateLimits.login.perAccount)]),
    },
    async (request) => ok(await users.login(db, request.body.user_string, request.body.password, clock())),
  );

  app.get(
    '/api/user/logout',
    { config: { auth: 'user' }, schema: { tags, summary: 'End this session', response: { 200: ZNoticeResponse } } },
    async (request) => {
      await users.logout(db, request.sessionId, clock());
      return ok(notice(request.lang, 'logged_out'));
    },
  );

  app.post(
    '/api/user/register',
    {
      schema: { tags, summary: 'Register with an e-mail code', body: ZRegisterRequest, response: { 200: ZNoticeResponse } },
      preHandler: limit('register', [perIp(rateLimits.register.perIp)]),
    },
    async (request) => {
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
  );

  app.post(
    '/api/sms_mail',
    {
      schema: { tags, summary: 'Mail a code for registering or for a forgotten password', body: ZSendMailRequest, response: { 200: ZNoticeResponse } },
      preHandler: sendingCodes,
    },
    async (request) => {
      const { user_string: email, type } = request.body;
      await (type === 'forget' ? users.sendForgetCode : users.sendRegisterCode)(db, mailer, email, request.lang, clock());
      return ok(notice(request.lang, 'code_sent'));
    },
  );

  // phone codes are disabled in the product (spec): say so clearly instead of failing silently
  for (const path of ['/api/sms_send', '/api/user/check_mobile'] as const) {
    app.post(
      path,
      { schema: { tags, summary: 'Phone codes are not available', body: path === '/api/sms_send' ? ZSendPhoneRequest : ZCheckMobileRequest } },
      async () => {
        throw new Rejection('phone_codes_unavailable');
      },
    );
  }

  app.post(
    '/api/user/check_email',
    {
      schema: { tags, summary: 'Check a forgotten-password code before the reset', body: ZCheckEmailRequest, response: { 200: ZNoticeResponse } },
      preHandler: limit('check-code', [perIp(rateLimits.checkCode.perIp), perAccount('user_string', rateLimits.checkCode.perAccount)]),
    },
    async (request) => {
      await users.checkForgetCode(db, request.body.user_string, request.body.email_code, clock());
      return ok(notice(request.lang, 'code_ok'));
    },
  );

  app.post(
    '/api/user/forget',
    {
      schema: { tags, summary: 'Reset a forgotten password with the e-mail code', body: ZForgetRequest, response: { 200: ZNoticeResponse } },
      preHandler: limit('reset-password', [perIp(rateLimits.resetPassword.perIp), perAccount('account', rateLimits.resetPassword.perAccount)]),
    },
    async (request) => {
      const { account, password, code } = request.body;
      await users.resetPassword(db, { email: account, password, code }, clock());
      return ok(notice(request.lang, 'password_reset'));
    },
  );

  app.post(
    '/api/user/e_pwd',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Change the login password', body: ZChangePasswordRequest, response: { 200: ZNoticeResponse } },
      preHandler: changingSecrets,
    },
    async (request) => {
      await users.changePassword(
        db,
        { userId: request.userId, sessionId: request.sessionId, oldPassword: request.body.old_password, password: request.body.password },
        clock(),
      );
      return ok(notice(request.lang, 'password_changed'));
    },
  );

  app.get(
    '/api/user/info',
    { config: { auth: 'user' }, schema: { tags, summary: 'The signed-in user', response: { 200: ZUserInfoResponse } } },
    async (request) => ok(presentUserInfo(await selectUserById(db, request.userId))),
  );

  app.get(
    '/api/user/center',
    { config: { auth: 'user' }, schema: { tags, summary: 'Identity review status', response: { 200: ZUserCenterResponse } } },
    async (request) => ok({ review_status: Number((await selectUserById(db, request.userId)).review_status) }),
  );

  app.get(
    '/api/common/countries',
    { schema: { tags: ['common'], summary: 'Countries with their phone area codes', response: { 200: ZCountriesResponse } } },
    async () => ok([...COUNTRIES]),
  );

  app.post(
    '/api/user/has_password',
    { config: { auth: 'user' }, schema: { tags, summary: 'Whether a fund password is set (2: none)', response: { 200: ZHasPasswordResponse } } },
    async (request) => ok((await selectUserById(db, request.userId)).pay_password_hash ? HAS_PAY_PASSWORD.set : HAS_PAY_PASSWORD.unset),
  );

  // codes mailed to the signed-in user's own address: for the fund password, and the invitee survey
  const ownCodes = [
    ['/api/user/pay_password_code', 'fund', 'Mail a code for setting the fund password'],
    ['/api/sms_mailinve', 'survey', 'Mail the invitee-survey code to the stored e-mail'],
  ] as const;
  for (const [path, purpose, summary] of ownCodes) {
    app.post(
      path,
      { config: { auth: 'user' }, schema: { tags, summary, response: { 200: ZNoticeResponse } }, preHandler: sendingCodes },
      async (request) => {
        await users.sendOwnCode(db, mailer, request.userId, purpose, request.lang, clock());
        return ok(notice(request.lang, 'code_sent'));
      },
    );
  }

  app.post(
    '/api/user/pay_password',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Set or change the 6-digit fund password', body: ZPayPasswordRequest, response: { 200: ZNoticeResponse } },
      preHandler: changingSecrets,
    },
    async (request) => {
      const { password, pay_password: payPassword, code } = request.body;
      await users.setPayPassword(db, { userId: request.userId, password, payPassword, code }, clock());
      return ok(notice(request.lang, 'pay_password_set'));
    },
  );

  app.post(
    '/api/user/invee_survey',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Submit the invitee survey', body: ZSurveyRequest, response: { 200: ZNoticeResponse } },
    },
    async (request) => {
      await users.submitSurvey(db, { userId: request.userId, code: request.body.code, answers: request.body.answers }, clock());
      return ok(notice(request.lang, 'survey_submitted'));
    },
  );
};
