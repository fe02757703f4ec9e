import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { limits } from '@tidemark/protocol';
import type { Clock } from '@tidemark/core';
import type { Config } from './config';
import type { Db } from './db/database';
import type { MarketEngine } from './engine/market/market';
import type { ScheduledJob } from './modules/schedule/job';
import { authPlugin } from './http/auth';
import { docsPlugin } from './http/docs';
import { clientErrorHandler, envelopePlugin, frameworkErrors } from './http/envelope';
import { idempotencyPlugin } from './http/idempotency';
import { jobRunner } from './writer/jobs';
import { appJobs } from './jobs';
import { startWriter } from './writer/writer';
import { langPlugin } from './http/lang';
import { metricsPlugin } from './http/metrics';
import { rateLimitPlugin } from './http/rate-limit';
import { securityPlugin } from './http/security';
import { webPlugin } from './http/web';
import { commonRoutes } from './modules/common/routes';
import { currencyRoutes } from './modules/currency/routes';
import { identityRoutes } from './modules/identity/routes';
import { marketRoutes } from './modules/market/routes';
import { createMailer, type Mailer } from './modules/mail/service';
import { createStrikes } from './modules/guard/strikes';
import { uploadRoutes } from './modules/upload/routes';
import { uploadLinkKey } from './modules/upload/service';
import { totpRoutes } from './modules/totp/routes';
import { userRoutes } from './modules/user/routes';
import { resolveSession } from './modules/session/service';
import { walletRoutes } from './modules/wallet/routes';
import { engineRoutes } from './engines';
import { healthRoutes } from './modules/health/routes';
import type { HealthProbe } from './modules/health/service';
import { auditRoutes } from './modules/audit/routes';
import { reviewRoutes } from './modules/review/routes';
import { noticeRoutes } from './modules/notice/routes';
import { settingsRoutes } from './modules/settings/routes';
import { peopleRoutes } from './modules/people/routes';
import { riskRoutes } from './modules/risk/routes';
import { staffRoutes } from './modules/staff/routes';
import { staffRoleOf } from './modules/staff/service';
import { realtimePlugin } from './realtime/socket';
import { leverTradePusher } from './realtime/lever-trade';

export interface AppDeps {
  db: Db;
  config: Config;
  /** the one source of time, passed to every service */
  clock: Clock;
  /** the live market (prices, books, trades) the market calls and the socket read */
  market: MarketEngine;
  /** the leader's scheduled jobs, which the console shows */
  scheduledJobs: readonly ScheduledJob[];
  /** defaults to SMTP_URL delivery, or the outbox and the log without it */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** extra routes, registered after the standard plugins (tests use it for plumbing checks) */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
}

/** Refuses to start with an API route that bypasses the call table (see route() in http/calls.ts). */
export function requireCall(options: RouteOptions): void {
  const url = options.url;
  if (!url.startsWith('/api/') || url === '/api/docs' || url.startsWith('/api/docs/')) return;
  if (options.config?.call) return;
  throw new Error(`${String(options.method)} ${url} is not registered from the call table: declare it in calls and register it with route()`);
}

/** Builds the HTTP app without listening, so tests can start it on an ephemeral port. */
export async function buildApp({ db, config, clock, market, scheduledJobs, mailer, logger, extraRoutes }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: limits.bodyBytesMax,
    trustProxy: config.trustProxy,
    // while closing, a request that still reaches this process on an open connection is answered
    // as usual (with `Connection: close`), not refused with a bare 503: no request ends in an error
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('db', db);
  app.decorate('wake', market.wake);
  app.decorate('onWake', market.onWake);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(metricsPlugin, { metricsPort: config.metricsPort, metricsToken: config.metricsToken, host: config.host });
  await app.register(securityPlugin);
  // API answers over a kilobyte go out brotli or gzip by Accept-Encoding; the web app's files
  // are compressed at build time (http/web.ts) and pass through as they are; socket.io answers
  // on the raw server and never reaches this
  await app.register(compress, { threshold: limits.compressBytesMin, encodings: ['br', 'gzip'] });
  await app.register(formbody);
  await app.register(multipart);
  await app.register(langPlugin);
  await app.register(envelopePlugin);
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });
  // hot money calls' jobs: on SQLite in the writer thread, on PostgreSQL in process (its pool writes in parallel)
  const jobs = config.databaseUrl ? jobRunner(db, appJobs()) : startWriter(config.dataDir, app.log, { clock, table: appJobs() });
  // the micro settler writes its batches through them too, and the sessions' last-seen times
  app.decorate('jobs', jobs);
  market.onWake((signal) => jobs.wake(signal));
  app.addHook('onClose', () => jobs.close());
  // a session's last-seen time is written as a job (writer/jobs.ts)
  const markSeen = (sessionId: bigint, nowMs: number) => jobs.run({ name: 'markSessionSeen', args: { sessionId, nowMs }, payload: '' });
  await app.register(authPlugin, {
    clock,
    sessionIdleMs: config.sessionIdleMs,
    resolveSession: (token, session, nowMs) => resolveSession(db, token, session, nowMs, markSeen),
    staffRoleOf: (userId) => staffRoleOf(db, userId),
  });
  await app.register(idempotencyPlugin, { db, clock, jobs });
  await app.register(docsPlugin);
  // failed password tries, shared by the processes through Redis like the rate limits
  const strikes = createStrikes(config.redisUrl);
  app.addHook('onClose', () => strikes.close());
  await app.register(realtimePlugin, { db, config, market });
  app.decorate(
    'leverTrade',
    leverTradePusher({
      db,
      market,
      clock,
      log: app.log,
      publish: (userId, event) => app.realtime.publishPrivate(userId, 'lever_trade', event),
      listening: (userId) => app.realtime.listening(userId),
    }),
  );
  // a push held back to the end of its gap goes out before the database closes
  app.addHook('onClose', () => app.leverTrade.idle());

  // a session ended by a committed change takes its sockets with it, on whichever process they are
  const endSessions = (sessionIds: bigint[]) => app.realtime.endSessions(sessionIds);

  // the product's routes, in a scope where every /api/ route must come from the call table;
  // the tests' extra routes are registered outside it
  await app.register(async (scope) => {
    scope.addHook('onRoute', requireCall);
    await scope.register(commonRoutes, { supportUrl: config.supportUrl });
    await scope.register(currencyRoutes, { market });
    await scope.register(marketRoutes, { market });
    await scope.register(userRoutes, { clock, strikes, endSessions, mailer: mailer ?? createMailer(db, config.smtpUrl, app.log, clock) });
    await scope.register(totpRoutes, { clock, strikes, endSessions });
    await scope.register(identityRoutes, { clock });
    await scope.register(walletRoutes, { db, clock, market, strikes });
    const uploadDir = path.join(config.dataDir, 'uploads');
    await scope.register(uploadRoutes, { clock, uploadDir, linkKey: await uploadLinkKey(uploadDir, config.uploadLinkSecret) });
    for (const routes of engineRoutes) await scope.register(routes, { db, clock, market });
    // draining once the server stopped listening (a graceful stop closes it first)
    const probe: HealthProbe = {
      pingRedis: config.redisUrl ? async () => market.pingRedis?.() : undefined,
      isLeader: market.isLeader,
      feedAgeMs: market.feedAgeMs,
      draining: () => !app.server.listening,
    };
    await scope.register(healthRoutes, { db, clock, probe });
    await scope.register(staffRoutes, { clock, strikes, uploadDir: path.join(config.dataDir, 'uploads') });
    await scope.register(reviewRoutes, { clock });
    await scope.register(auditRoutes);
    await scope.register(riskRoutes, { clock, market, jobs: scheduledJobs });
    await scope.register(peopleRoutes, { clock, sessionIdleMs: config.sessionIdleMs, endSessions });
    await scope.register(noticeRoutes, { clock });
    await scope.register(settingsRoutes, { clock });
  });
  if (extraRoutes) await app.register(extraRoutes);

  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}
