// Every engine the leader runs, by name (wake.ts lists the names): an engine is its folder in
// engine/, its module (routes, service, queries, jobs) and one line here.
import type { FastifyPluginAsync } from 'fastify';
import type { EngineDeps, LeaderEngine } from './engine/hosted';
import { leverEngine } from './engine/lever';
import { microEngine, type MicroSettlerOptions } from './engine/micro';
import { Scheduler } from './engine/schedule/scheduler';
import { spotEngine } from './engine/spot';
import { leverRoutes } from './modules/lever/routes';
import { microRoutes } from './modules/micro/routes';
import type { ScheduledJob } from './modules/schedule/job';
import { spotRoutes } from './modules/spot/routes';
import type { EngineName, EngineRouteDeps } from './wake';

export interface EngineOptions {
  micro?: Pick<MicroSettlerOptions, 'batchSize'>;
  /** the market maker's account, when it quotes */
  makerUserId?: bigint | undefined;
  /** what the leader runs on a schedule (scheduled-jobs.ts) */
  scheduledJobs: readonly ScheduledJob[];
}

interface EnginePart {
  /** the calls of its module, registered by app.ts with the same deps for every engine */
  routes?: FastifyPluginAsync<EngineRouteDeps>;
  host: (deps: EngineDeps, options: EngineOptions) => LeaderEngine;
}

export const ENGINE_PARTS = {
  micro: { routes: microRoutes, host: (deps, options) => microEngine(deps, options.micro) },
  lever: { routes: leverRoutes, host: (deps) => leverEngine(deps) },
  spot: { routes: spotRoutes, host: (deps, options) => spotEngine(deps, { makerUserId: options.makerUserId }) },
  schedule: { host: (deps, options) => new Scheduler({ jobs: options.scheduledJobs, clock: deps.clock, log: deps.log }) },
} satisfies Record<EngineName, EnginePart>;

export type Engines = { [N in EngineName]: ReturnType<(typeof ENGINE_PARTS)[N]['host']> };

/** Builds every engine, by name. */
export const hostEngines = (deps: EngineDeps, options: EngineOptions): Engines =>
  Object.fromEntries(Object.entries(ENGINE_PARTS).map(([name, part]) => [name, part.host(deps, options)])) as Engines;

/** The engines' module routes, in the list's order. */
export const engineRoutes: FastifyPluginAsync<EngineRouteDeps>[] = Object.values<EnginePart>(ENGINE_PARTS).flatMap((part) => (part.routes ? [part.routes] : []));
