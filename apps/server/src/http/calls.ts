import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { CallSpec } from '@tidemark/protocol';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { AppJobArgs as JobArgs, AppJobName as JobName, AppJobValue as JobValue } from '../writer/jobs';
import type { Wake, WakeSignal } from '../wake';


declare module 'fastify' {
  interface FastifyContextConfig {
    /** the call of the protocol's table this route answers */
    call?: CallSpec;
  }
  interface FastifyInstance {
    /** the app's database, for route() */
    db: Db;
    /** wakes a leader engine on whichever process leads (the market's), for route()'s `wake` */
    wake: Wake;
    /** hears every wake signal on this process, leader or not: what keeps a cache of what staff change */
    onWake(listener: (signal: string) => void): void;
  }
}

/**
 * What a handler works with. `db` is the database to pass to services: for a money-moving call
 * it is the transaction that also claims and answers the request's Idempotency-Key, so the
 * claim, the work and the stored answer commit together (services nest in it through
 * `inTransaction`). A handler of a money call must use no other: on PostgreSQL its writes would
 * not roll back with the call, and on SQLite, whose one connection the transaction holds, a query
 * on the app's database would wait for the transaction to end, which waits for it: a deadlock.
 */
export interface CallContext<P = undefined> {
  db: Db;
  /** what `extras.prepare` answered, before the transaction opened */
  prepared: P;
  /**
   * money calls with an Idempotency-Key: the key their one ledger txn carries, so what a
   * request did can be found from the key (a repeat inside the ledger writes nothing)
   */
  ledgerKey: string | undefined;
  /**
   * Runs `then` once the call's work committed and it answered ok (a refusal, a repeat answered
   * from its key and a retried attempt's leftovers run nothing): what others may see only then.
   */
  afterCommit(then: () => void): void;
  /** wakes a leader engine once the call's work committed (see afterCommit) */
  wake(signal: WakeSignal): void;
}

type Input<C extends CallSpec> = C['request'] extends z.ZodType ? z.output<C['request']> : undefined;

/** A request to a call, with its validated form fields (POST) or query (GET). */
export type CallRequest<C extends CallSpec> = Omit<FastifyRequest, 'body' | 'query'> &
  (C['method'] extends 'GET' ? { query: Input<C>; body: undefined } : { body: Input<C>; query: unknown });

/** What a handler answers: the call's ok envelope, or (for a file) whatever the reply sent. */
export type CallAnswer<C extends CallSpec> = C['response'] extends z.ZodType ? z.input<C['response']> : FastifyReply;

export interface RouteExtras<C extends CallSpec = CallSpec, P = undefined> {
  /** rate limits and other checks before the handler */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /** path parameters, for calls with `:name` in their path */
  params?: z.ZodType;
  /**
   * money calls: slow checks that need no transaction (argon2), run on the app's database once
   * a replay is ruled out and before the transaction opens; the handler gets the answer as
   * `context.prepared` and re-checks inside the transaction whatever may have changed since
   */
  prepare?: (request: CallRequest<C>, db: Db) => Promise<P>;
}

/**
 * Registers the route of a call from the protocol's table: method, path, validation, answer
 * schema, session requirement and idempotency all come from the table, so a route cannot
 * drift from what the web app and the API document say. A money call's handler runs in one
 * transaction with its Idempotency-Key's claim and answer (`idempotencyPlugin`).
 */
export function route<C extends CallSpec, P = undefined>(
  app: FastifyInstance,
  call: C,
  handler: (request: CallRequest<C>, reply: FastifyReply, context: CallContext<NoInfer<P>>) => Promise<CallAnswer<C>>,
  extras: RouteExtras<C, P> = {},
): void {
  register(app, call, extras, async (request, reply) => {
    const callRequest = request as unknown as CallRequest<C>;
    let after: (() => void)[] = [];
    const hooks = {
      afterCommit: (then: () => void) => void after.push(then),
      wake: (signal: WakeSignal) => void after.push(() => app.wake(signal)),
    };
    let answer: unknown;
    if (!call.money) answer = await handler(callRequest, reply, { db: app.db, prepared: undefined as P, ledgerKey: undefined, ...hooks });
    else {
      const { prepare } = extras;
      answer = await app.runMoneyCall<P>(request, reply, {
        ...(prepare ? { prepare: () => prepare(callRequest, app.db) } : {}),
        work: (trx, prepared, ledgerKey) => {
          // a transaction run again (a deadlock broken) starts its hooks afresh
          after = [];
          return handler(callRequest, reply, { db: trx, prepared: prepared as P, ledgerKey, ...hooks });
        },
      });
      // a repeat answered from its key did no work this time
      if (reply.getHeader('idempotent-replayed')) after = [];
    }
    for (const then of after) then();
    return answer;
  });
}

/** A hot money call whose work is a job of the writer's table (`writer/jobs.ts`). */
export interface JobRoute<C extends CallSpec, N extends JobName> {
  /** the job and its plain data, from the request (a refusal here claims nothing) */
  job: (request: CallRequest<C>) => { name: N; args: JobArgs<N> };
  /** the call's answer, known before the job runs: stored with the key's claim */
  answer: (request: CallRequest<C>) => CallAnswer<C>;
  /** after the commit that holds the job, with its value (not for a repeat answered from its key) */
  committed?: (request: CallRequest<C>, value: JobValue<N>, context: Pick<CallContext, 'wake' | 'afterCommit'>) => void;
}

/**
 * Registers a money call whose rate is the product: concurrent calls share one transaction and
 * one commit (group commit), on SQLite in the writer thread, off the thread that serves HTTP;
 * each is still answered only after its commit, and claims its key, works and stores its answer
 * in that transaction.
 */
export function jobRoute<C extends CallSpec, N extends JobName>(app: FastifyInstance, call: C, { job, answer, committed }: JobRoute<C, N>): void {
  if (!call.money) throw new Error(`${call.path} is not a money call`);
  // its answer is a short envelope, always under the compression threshold: no compression hooks
  register(app, call, { compress: false }, async (request, reply) => {
    const callRequest = request as unknown as CallRequest<C>;
    const outcome = await app.runJobCall(request, reply, { ...job(callRequest), answer: answer(callRequest) });
    // committed already: what waits for the commit runs now
    if ('value' in outcome) committed?.(callRequest, outcome.value, { wake: app.wake, afterCommit: (then) => then() });
    return outcome.payload;
  });
}

function register<C extends CallSpec>(
  app: FastifyInstance,
  call: C,
  extras: Pick<RouteExtras, 'preHandler' | 'params'> & { compress?: false },
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  const input = call.request ? (call.method === 'GET' ? { querystring: call.request } : { body: call.request }) : {};
  const consumes =
    call.method === 'POST' ? [call.encoding === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded'] : undefined;
  app.route({
    method: call.method,
    url: call.path,
    config: {
      call,
      ...(call.auth === 'public' ? {} : { auth: call.auth === 'link' ? ('optional' as const) : call.auth }),
      ...(call.auth === 'staff' ? { staffRole: call.staffRole ?? 'admin' } : {}),
    },
    schema: {
      tags: [call.module],
      summary: call.summary,
      ...input,
      ...(consumes ? { consumes } : {}),
      // a link call also answers without the token, to a signed link
      ...(call.auth === 'public' ? {} : call.auth === 'link' ? { security: [{ token: [] }, {}] } : { security: [{ token: [] }] }),
      ...(extras.params ? { params: extras.params } : {}),
      ...(call.response ? { response: { 200: call.response } } : {}),
    },
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    ...(extras.compress === false ? { compress: false as const } : {}),
    handler,
  });
}
