import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import { LeadLost } from '../../db/lead';
import type { ScheduledJob } from '../../modules/schedule/job';
import { claimRun, failRun, finishRun, lastDoneByJob, nextDue, type RunStart } from '../../modules/schedule/service';
import type { Lead, LeaderEngine } from '../hosted';

export interface SchedulerOptions {
  jobs: readonly ScheduledJob[];
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * Runs the scheduled jobs (modules/schedule) on the leader: every `scheduleCheckMs` and on a wake,
 * each job whose next due time has come runs for it, each job on its own so a long pruning holds
 * up no other. What ran is read from the runs' records when the lead is gained, so a restart or a
 * new leader runs what is missing and repeats nothing; every write proves the term.
 */
export class Scheduler implements LeaderEngine {
  /** a module that stored an earlier due time may wake it (`schedule`) */
  readonly name = 'schedule';
  private lead: Lead | undefined;
  private active = false;
  private timer: NodeJS.Timeout | undefined;
  /** per job, the latest due time that ran to the end */
  private done = new Map<string, number>();
  /** per job, a due time whose run failed and when: tried again `scheduleRetryMs` later */
  private readonly failed = new Map<string, { dueMs: number; atMs: number }>();
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly options: SchedulerOptions) {
    const names = new Set(options.jobs.map((job) => job.name));
    if (names.size !== options.jobs.length) throw new Error('two scheduled jobs share a name');
  }

  async gain(lead: Lead): Promise<void> {
    this.lead = lead;
    this.done = await lastDoneByJob(lead.db);
    this.failed.clear();
    this.active = true;
    this.timer = setInterval(() => this.check(), limits.scheduleCheckMs);
    // what fell due while no leader ran starts now, without holding up the other engines
    this.check();
  }

  tick(): void {}

  wake(): void {
    this.check();
  }

  async lose(): Promise<void> {
    this.active = false;
    clearInterval(this.timer);
    await Promise.all(this.running.values());
  }

  /** Starts what is due now and resolves once every run in progress has ended: tests drive the clock, then wait on it. */
  async idle(): Promise<void> {
    this.check();
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  private check(): void {
    if (!this.active) return;
    for (const job of this.options.jobs) {
      if (this.running.has(job.name)) continue;
      const turn = this.turn(job)
        .catch((error: unknown) => this.options.log.error({ err: error, job: job.name }, 'scheduled job not run'))
        .finally(() => this.running.delete(job.name));
      this.running.set(job.name, turn);
    }
  }

  /** Runs the job's due time if it has come; a daily job then each later one it missed, in order, until one fails. */
  private async turn(job: ScheduledJob): Promise<void> {
    for (;;) {
      const dueMs = await this.dueNow(job);
      if (dueMs === undefined || !(await this.runOnce(job, dueMs)) || !('daily' in job.schedule)) return;
    }
  }

  private async dueNow(job: ScheduledJob): Promise<number | undefined> {
    const nowMs = this.options.clock();
    if (!this.active) return undefined;
    const dueMs = await nextDue(this.lead!.db, job, this.done.get(job.name), nowMs);
    if (dueMs === undefined || dueMs > nowMs) return undefined;
    const failed = this.failed.get(job.name);
    if (failed?.dueMs === dueMs && nowMs < failed.atMs + limits.scheduleRetryMs) return undefined;
    return dueMs;
  }

  /** One run, recorded; true once its due time ran to the end (here or, found recorded, by an earlier term). */
  private async runOnce(job: ScheduledJob, dueMs: number): Promise<boolean> {
    const { clock, log } = this.options;
    const lead = this.lead!;
    const time = { dueMs, nowMs: clock() };
    const start: RunStart = { job: job.name, dueMs, epoch: lead.epoch, startedMs: time.nowMs };
    try {
      let detail: string | undefined;
      if (job.run) {
        // the record commits with the work, or neither does
        detail = await lead.write(async (trx) => {
          if (!(await claimRun(trx, start))) return undefined;
          const did = await job.run(trx, time);
          await finishRun(trx, { ...start, finishedMs: clock(), detail: did });
          return did;
        });
      } else if (await lead.write((trx) => claimRun(trx, start))) {
        detail = await job.runInBatches({ db: lead.db, write: (work) => lead.write(work), ended: () => !this.active }, time);
        // cut short by the end of the term: the record stays open and the next leader runs it again
        if (!this.active) return false;
        await lead.write((trx) => finishRun(trx, { ...start, finishedMs: clock(), detail: detail! }));
      }
      this.done.set(job.name, dueMs);
      this.failed.delete(job.name);
      if (detail !== undefined) log.info({ job: job.name, dueMs, detail }, 'scheduled job ran');
      return true;
    } catch (error) {
      // the term is over: nothing of it was written, and the process steps down
      if (error instanceof LeadLost) return false;
      this.failed.set(job.name, { dueMs, atMs: clock() });
      log.error({ err: error, job: job.name, dueMs }, 'scheduled job failed; it is tried again later');
      const detail = error instanceof Error ? error.message : String(error);
      await lead.write((trx) => failRun(trx, { ...start, finishedMs: clock(), detail })).catch((e: unknown) => {
        if (!(e instanceof LeadLost)) log.error({ err: e, job: job.name }, 'scheduled job failure not recorded');
      });
      return false;
    }
  }
}
