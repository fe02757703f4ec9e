import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Clock } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import type { Db } from '../db/database';
import { Rejection } from '../rejection';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** money-moving route: an `Idempotency-Key` header makes a repeat return the first answer */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** the key this request claimed; its answer is stored for repeats */
    idempotencyClaim: string | undefined;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;

function requestHash(method: string, url: string, body: unknown): string {
  const json = JSON.stringify(body ?? null, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(`${method} ${url}\n${json}`).digest('hex');
}

/**
 * On routes with `config.idempotent` (which also need a session), the first request with a key
 * claims it; a repeat with the same body gets the stored answer without the work being done
 * again, a repeat with another body is refused, and one racing the first is told to wait.
 */
export const idempotencyPlugin = fp<{ db: Db; clock: Clock }>(async (app, { db, clock }) => {
  app.decorateRequest('idempotencyClaim', undefined);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (!request.routeOptions.config.idempotent || key === undefined) return;
    if (typeof key !== 'string' || key.length > limits.idempotencyKeyLengthMax || !KEY_PATTERN.test(key)) {
      throw new Rejection('idempotency_key_invalid');
    }
    const hash = requestHash(request.method, request.url, request.body);
    const inserted = await db
      .insertInto('idempotency_request')
      .values({ user_id: request.userId, key, request_hash: hash, response: null, created_at_ms: BigInt(clock()) })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows === 1n) {
      request.idempotencyClaim = key;
      return;
    }
    const first = await db
      .selectFrom('idempotency_request')
      .select(['request_hash', 'response'])
      .where('user_id', '=', request.userId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (first.request_hash !== hash) throw new Rejection('idempotency_key_reused');
    if (first.response === null) throw new Rejection('idempotency_in_progress');
    return reply.header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(first.response);
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    const key = request.idempotencyClaim;
    if (key === undefined) return payload;
    const failedInternally =
      typeof payload !== 'string' || (JSON.parse(payload) as { code?: string }).code === 'internal';
    // an internal failure did no work: free the key so the client can try again
    if (failedInternally) {
      await db.deleteFrom('idempotency_request').where('user_id', '=', request.userId).where('key', '=', key).execute();
    } else {
      await db
        .updateTable('idempotency_request')
        .set({ response: payload })
        .where('user_id', '=', request.userId)
        .where('key', '=', key)
        .execute();
    }
    return payload;
  });
});
