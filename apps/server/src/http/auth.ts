import fp from 'fastify-plugin';
import type { Clock } from '@tidemark/core';
import { limits, STAFF_ROLES, type StaffRole } from '@tidemark/protocol';
import { Rejection } from '../rejection';
import { SessionInvalid } from './envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `user`: a trader's live session; `staff`: a staff session; answered with type 999 otherwise.
     * `optional`: the trader's session when there is one, else userId 0n
     */
    auth?: 'user' | 'staff' | 'optional';
    /** staff routes: the least role allowed */
    staffRole?: StaffRole;
  }
  interface FastifyRequest {
    /** set on routes with `config.auth`; the session's user (for staff, their user row) */
    userId: bigint;
    sessionId: bigint;
    /** set on staff routes */
    staffRole: StaffRole;
  }
}

/** The token from `Authorization: Bearer <token>`, or the bare token older clients send. */
export function bearerToken(header: string | undefined): string | undefined {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  return token ? token : undefined;
}

const rank = (role: StaffRole) => STAFF_ROLES.indexOf(role);

/** What the plugin asks of the session and staff features; the app hands them in (modules/session, modules/staff). */
export interface AuthOptions {
  clock: Clock;
  /** a trader's session ends after this long without a call */
  sessionIdleMs: number;
  /** the live session a token opens, of the kind and within the ages given (its last-seen time kept) */
  resolveSession(token: string, session: { kind: 'user' | 'staff'; idleMs: number; maxAgeMs?: number }, nowMs: number): Promise<{ sessionId: bigint; userId: bigint } | undefined>;
  /** a staff member's role; none once they are no longer staff */
  staffRoleOf(userId: bigint): Promise<StaffRole | undefined>;
}

/**
 * Sessions are of a kind: a trader's token opens only trader calls, a staff token only staff
 * calls (shorter-lived: idle and absolute limits). A staff call also needs the call's least role.
 */
export const authPlugin = fp<AuthOptions>(async (app, { clock, sessionIdleMs, resolveSession, staffRoleOf }) => {
  app.decorateRequest('userId', 0n);
  app.decorateRequest('sessionId', 0n);
  app.decorateRequest('staffRole', 'viewer');
  app.addHook('onRequest', async (request) => {
    const { auth, staffRole } = request.routeOptions.config;
    if (!auth) return;
    const token = bearerToken(request.headers.authorization);
    const nowMs = clock();
    const session = !token
      ? undefined
      : auth !== 'staff'
        ? await resolveSession(token, { kind: 'user', idleMs: sessionIdleMs }, nowMs)
        : await resolveSession(token, { kind: 'staff', idleMs: limits.staffSessionIdleMs, maxAgeMs: limits.staffSessionMaxAgeMs }, nowMs);
    if (!session && auth === 'optional') return;
    if (!session) throw new SessionInvalid();
    request.userId = session.userId;
    request.sessionId = session.sessionId;
    if (auth === 'staff') {
      const role = await staffRoleOf(session.userId);
      if (!role) throw new SessionInvalid();
      if (rank(role) < rank(staffRole ?? 'admin')) throw new Rejection('staff_forbidden');
      request.staffRole = role;
    }
  });
});
