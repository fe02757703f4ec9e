import fp from 'fastify-plugin';
import type { Clock } from '@tidemark/core';
import type { Db } from '../db/database';
import { resolveSession } from '../modules/session/service';
import { SessionInvalid } from './envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `user`: the route needs a live session; answered with type 999 otherwise. `optional`: the session's user when there is one, else 0n */
    auth?: 'user' | 'optional';
  }
  interface FastifyRequest {
    /** set on routes with `config.auth`; the session's user */
    userId: bigint;
    sessionId: bigint;
  }
}

/** The token from `Authorization: Bearer <token>`, or the bare token older clients send. */
export function bearerToken(header: string | undefined): string | undefined {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  return token ? token : undefined;
}

export const authPlugin = fp<{ db: Db; clock: Clock; sessionIdleMs: number }>(async (app, { db, clock, sessionIdleMs }) => {
  app.decorateRequest('userId', 0n);
  app.decorateRequest('sessionId', 0n);
  app.addHook('onRequest', async (request) => {
    const { auth } = request.routeOptions.config;
    if (auth === undefined) return;
    const token = bearerToken(request.headers.authorization);
    const session = token ? await resolveSession(db, token, sessionIdleMs, clock()) : undefined;
    if (!session && auth === 'optional') return;
    if (!session) throw new SessionInvalid();
    request.userId = session.userId;
    request.sessionId = session.sessionId;
  });
});
