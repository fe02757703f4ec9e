import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import type { Db } from '../db/database';
import { answerOf, keyed } from '../db/idempotency';
import { retriedTransaction } from '../db/transaction';
import { nativeSha256Hex } from '../hash';
import { Rejection } from '../rejection';
import type { AppJobArgs as JobArgs, AppJobName as JobName, AppJobValue as JobValue, JobOutcome } from '../writer/jobs';


declare module 'fastify' {
  interface FastifyInstance {
    /** runs the money calls of `route()` (see `runMoneyCall`) */
    runMoneyCall: MoneyCallRunner;
    /** runs the grouped money calls of `route()`: their work as a job (see writer/jobs.ts) */
    runJobCall: JobCallRunner;
  }
}

/** What a money call does, in two steps. */
export interface MoneyCall<P> {
  /**
   * Slow checks that need no transaction (a fund password's argon2 hash), run before it opens so
   * they do not hold the SQLite writer; the work must re-check anything they read that may change.
   */
  prepare?: () => Promise<P>;
  /** the call's work inside the transaction, with the key its ledger txn carries; answers the ok envelope */
  work: (trx: Db, prepared: P | undefined, ledgerKey: string | undefined) => Promise<unknown>;
}

export type MoneyCallRunner = <P>(request: FastifyRequest, reply: FastifyReply, call: MoneyCall<P>) => Promise<unknown>;

/**
 * Runs a grouped money call's job with the request's key; answers what to send: the answer stored
 * by an earlier call with the key, or `answer` (stored with the claim) and the job's value.
 */
export type JobCallRunner = <N extends JobName>(
  request: FastifyRequest,
  reply: FastifyReply,
  call: { name: N; args: JobArgs<N>; answer: unknown },
) => Promise<JobOutcome<JobValue<N>> & { payload: string }>;

const KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;

function keyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length > limits.idempotencyKeyLengthMax || !KEY_PATTERN.test(key)) {
    throw new Rejection('idempotency_key_invalid');
  }
  return key;
}

function requestHash(request: FastifyRequest): string {
  const json = JSON.stringify(request.body ?? null, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  return nativeSha256Hex(`${request.method} ${request.url}\n${json}`);
}

/** The key that the one ledger txn of a keyed money call carries: unique per user and key, like the claim. */
export function ledgerKeyOf(userId: bigint, key: string): string {
  return `http:${userId}:${key}`;
}

/**
 * Money calls (`money: true` in the call table) run in one database transaction: with an
 * `Idempotency-Key` it claims the key, does the work and stores the answer, so a crash rolls back
 * all three or none, and no claim is ever left "in progress". A rejection or any error rolls back
 * the claim too: a retry with the key does the work once, or is refused again. A repeat of an
 * answered request gets the stored answer (header `idempotent-replayed`), a repeat with another
 * body is refused. A twin racing the first blocks on the key's primary key until the first
 * commits (PostgreSQL), or waits for the one SQLite connection, and then replays its answer.
 * A grouped call (`jobRoute`) is a job (writer/jobs.ts) sharing its transaction with concurrent
 * ones (db/group-commit.ts), a refusal undoing its own work alone, so claim, work and answer still
 * commit together, in one commit for the whole group; its answer is known before the job runs,
 * and stored with the claim.
 */
export const idempotencyPlugin = fp<{ db: Db; clock: Clock; jobs: FastifyInstance['jobs'] }>(async (app, { db, clock, jobs }) => {
  const runMoneyCall: MoneyCallRunner = async (request, reply, { prepare, work }) => {
    const key = keyOf(request);
    if (key === undefined) {
      const prepared = prepare ? await prepare() : undefined;
      return retriedTransaction(db, (trx) => work(trx, prepared, undefined));
    }
    const { userId } = request;
    const hash = requestHash(request);
    let prepared: Awaited<ReturnType<NonNullable<typeof prepare>>> | undefined;
    if (prepare) {
      // a repeat of an answered request is served before any slow check (its password may have
      // changed since); without one, the claim below finds the repeat at no extra read
      const earlier = await answerOf(db, userId, key, hash);
      if (earlier !== undefined) return replay(reply, earlier);
      prepared = await prepare();
    }
    const outcome = await retriedTransaction(db, (trx) =>
      // the route's response schema serializes to JSON text
      keyed(trx, { userId, key, hash, nowMs: BigInt(clock()) }, async () => reply.serialize(await work(trx, prepared, ledgerKeyOf(userId, key))) as string),
    );
    if ('replayed' in outcome) return replay(reply, outcome.replayed);
    reply.type('application/json; charset=utf-8');
    return outcome.payload;
  };
  app.decorate('runMoneyCall', runMoneyCall);

  const runJobCall: JobCallRunner = async (request, reply, { name, args, answer }) => {
    const key = keyOf(request);
    const payload = reply.serialize(answer) as string;
    const { userId } = request;
    const claim = key === undefined ? undefined : { userId, key, hash: requestHash(request), nowMs: BigInt(clock()) };
    const outcome = await jobs.run({ name, args, payload, ...(claim ? { claim } : {}) });
    if ('replayed' in outcome) {
      replay(reply, outcome.replayed);
      return { ...outcome, payload: outcome.replayed };
    }
    reply.type('application/json; charset=utf-8');
    return { ...outcome, payload };
  };
  app.decorate('runJobCall', runJobCall);
});

function replay(reply: FastifyReply, payload: string): string {
  reply.header('idempotent-replayed', 'true').type('application/json; charset=utf-8');
  return payload;
}
