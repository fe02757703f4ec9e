import fp from 'fastify-plugin';
import type { Clock } from '@tidemark/core';
import { limits, STAFF_ROLES, type StaffRole } from '@tidemark/protocol';
import type { Db } from '../db/database';
import { resolveSession } from '../modules/session/service';
import { staffRoleOf } from '../modules/staff/service';
import { Rejection } from '../rejection';
import type { JobRunner } from '../jobs';
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

/**
 * Sessions are of a kind: a trader's token opens only trader calls, a staff token only staff
 * calls (shorter-lived: idle and absolute limits). A staff call also needs the call's least role.
 */
export const authPlugin = fp<{ db: Db; clock: Clock; sessionIdleMs: number; jobs: JobRunner }>(async (app, { db, clock, sessionIdleMs, jobs }) => {
  const markSeen = (sessionId: bigint, nowMs: number) => jobs.run({ name: 'markSessionSeen', args: { sessionId, nowMs }, payload: '' });
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
        ? await resolveSession(db, token, { kind: 'user', idleMs: sessionIdleMs }, nowMs, markSeen)
        : await resolveSession(db, token, { kind: 'staff', idleMs: limits.staffSessionIdleMs, maxAgeMs: limits.staffSessionMaxAgeMs }, nowMs, markSeen);
    if (!session && auth === 'optional') return;
    if (!session) throw new SessionInvalid();
    request.userId = session.userId;
    request.sessionId = session.sessionId;
    if (auth === 'staff') {
      const role = await staffRoleOf(db, session.userId);
      if (!role) throw new SessionInvalid();
      if (rank(role) < rank(staffRole ?? 'admin')) throw new Rejection('staff_forbidden');
      request.staffRole = role;
    }
  });
});
