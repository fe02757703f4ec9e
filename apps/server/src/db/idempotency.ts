// The idempotency claims of money calls, in the database: a key claimed, the work run and its
// answer stored in one transaction (see http/idempotency.ts for the calls, writer/jobs.ts for jobs).
import type { Db } from './database';
import { preparedQuery } from './prepared';
import { Rejection } from '../rejection';

const earlierRequest = preparedQuery<{ userId: bigint; key: string }, { request_hash: string; response: string | null }>((db, arg) =>
  db.selectFrom('idempotency_request').select(['request_hash', 'response']).where('user_id', '=', arg('userId')).where('key', '=', arg('key')),
);

/** The stored answer of an earlier request with this key; a refusal when that request was another. */
export async function answerOf(db: Db, userId: bigint, key: string, hash: string): Promise<string | undefined> {
  const [first] = (await earlierRequest(db, { userId, key })).rows;
  if (!first) return undefined;
  if (first.request_hash !== hash) throw new Rejection('idempotency_key_reused');
  // claims commit together with their answer: a row without one is a broken invariant
  if (first.response === null) throw new Error(`idempotency key ${key} of user ${userId} has no answer`);
  return first.response;
}

// every keyed money call claims and answers: compiled once
const claim = preparedQuery<{ userId: bigint; key: string; hash: string; response: string | null; nowMs: bigint }, never>((db, arg) =>
  db
    .insertInto('idempotency_request')
    .values({ user_id: arg('userId'), key: arg('key'), request_hash: arg('hash'), response: arg('response'), created_at_ms: arg('nowMs') })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing()),
);
const answer = preparedQuery<{ userId: bigint; key: string; payload: string }, never>((db, arg) =>
  db.updateTable('idempotency_request').set({ response: arg('payload') }).where('user_id', '=', arg('userId')).where('key', '=', arg('key')),
);

/** A keyed call's claim of its key. */
export interface Claim {
  userId: bigint;
  key: string;
  hash: string;
  nowMs: bigint;
}

/**
 * Claims the key in `trx`, runs `work` and stores the answer it gives, all in `trx`; a key
 * already claimed answers the stored answer and runs nothing. An answer `known` before the work
 * (a job's) is stored with the claim, one write instead of two, made after the work: a job refused
 * has then written nothing, which spares its group's commit a savepoint (db/group-commit.ts). A
 * twin that claimed the key meanwhile (PostgreSQL: another batch) fails the claim, and the job,
 * run again alone, answers the twin's answer.
 */
export async function keyed(
  trx: Db,
  { userId, key, hash, nowMs }: Claim,
  work: () => Promise<string>,
  known?: string,
): Promise<{ replayed: string } | { payload: string }> {
  if (known !== undefined) {
    const earlier = await answerOf(trx, userId, key, hash);
    if (earlier !== undefined) return { replayed: earlier };
    await work();
    const claimed = await claim(trx, { userId, key, hash, response: known, nowMs });
    if (claimed.numAffectedRows !== 1n) throw new Error(`idempotency key ${key} of user ${userId} was claimed meanwhile`);
    return { payload: known };
  }
  const claimed = await claim(trx, { userId, key, hash, response: null, nowMs });
  if (claimed.numAffectedRows !== 1n) return { replayed: (await answerOf(trx, userId, key, hash))! };
  const payload = await work();
  await answer(trx, { userId, key, payload });
  return { payload };
}
