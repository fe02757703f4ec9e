// Every engine the leader runs, by name (wake.ts lists the names): an engine is its folder in
// engine/, its module (routes, service, queries, jobs) and one line here.
import type { EngineDeps, LeaderEngine } from './engine/hosted';
import { leverEngine } from './engine/lever';
import { microEngine, type MicroSettlerOptions } from './engine/micro';
import { Scheduler } from './engine/schedule/scheduler';
import { spotEngine } from './engine/spot';
import type { ScheduledJob } from './modules/schedule/job';
import type { EngineName } from './wake';

export interface EngineOptions {
  micro?: Pick<MicroSettlerOptions, 'batchSize'>;
  /** the market maker's account, when it quotes */
  makerUserId?: bigint | undefined;
  /** what the leader runs on a schedule (scheduled-jobs.ts) */
  scheduledJobs: readonly ScheduledJob[];
}

export const hostEngines = (deps: EngineDeps, options: EngineOptions) =>
  ({
    micro: microEngine(deps, options.micro),
    lever: leverEngine(deps),
    spot: spotEngine(deps, { makerUserId: options.makerUserId }),
    schedule: new Scheduler({ jobs: options.scheduledJobs, clock: deps.clock, log: deps.log }),
  }) satisfies Record<EngineName, LeaderEngine>;

export type Engines = ReturnType<typeof hostEngines>;
