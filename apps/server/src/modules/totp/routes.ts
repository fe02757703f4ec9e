import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, notice, rateLimits } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { limitRequests } from '../../http/rate-limit';
import { Rejection } from '../../rejection';
import { guardTotpCode } from '../guard/service';
import type { Strikes } from '../guard/strikes';
import { verifyPassword } from '../user/password';
import { selectUserById } from '../user/queries';
import { disableTraderTotp, enableTraderTotp, startTraderTotp } from './service';

/** A trader's own authenticator app: set up with a QR code, confirmed by a code, turned off by one. */
export const totpRoutes: FastifyPluginAsync<{
  clock: Clock;
  strikes: Strikes;
  /** disconnects the sockets bound to sessions a committed change ended, on every process */
  endSessions: (sessionIds: bigint[]) => void;
}> = async (app, { clock, strikes, endSessions }) => {
  const { max, windowMs } = rateLimits.changeSecrets.perIp;
  const changingSecrets = { preHandler: limitRequests(app, 'totp', [{ by: 'ip', max, timeWindowMs: windowMs }]) };

  route(
    app,
    calls.userTotpSetup,
    async (request, _reply, { db }) => {
      const user = await selectUserById(db, request.userId);
      const setup = await startTraderTotp(db, request.userId, user.email ?? user.phone ?? String(user.id), clock());
      return ok({ secret: setup.secret, otpauth_url: setup.otpauthUrl });
    },
    changingSecrets,
  );

  route(
    app,
    calls.userTotpEnable,
    async (request, _reply, { db }) => {
      const user = await selectUserById(db, request.userId);
      if (!(await verifyPassword(user.password_hash, request.body.password))) throw new Rejection('login_password_wrong');
      const nowMs = clock();
      const { recoveryCodes, endedSessions } = await enableTraderTotp(
        db,
        { userId: request.userId, sessionId: request.sessionId, code: request.body.code },
        nowMs,
        (check) => guardTotpCode(strikes, request.userId, nowMs, check),
      );
      endSessions(endedSessions);
      return ok({ recovery_codes: recoveryCodes });
    },
    changingSecrets,
  );

  route(
    app,
    calls.userTotpDisable,
    async (request, _reply, { db }) => {
      const nowMs = clock();
      await disableTraderTotp(db, request.userId, request.body.code, nowMs, (check) => guardTotpCode(strikes, request.userId, nowMs, check));
      return ok(notice(request.lang, 'totp_disabled'));
    },
    changingSecrets,
  );
};
