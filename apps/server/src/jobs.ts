// Every module's jobs (writer/jobs.ts), one line each: a module brings its own `jobs.ts`.
import { jobTable, type JobArgs as ArgsOf, type JobCall as CallOf, type JobName as NameOf, type JobRunner as RunnerOf, type JobValue as ValueOf, type LeaderJobName as LeaderNameOf } from './writer/jobs';
import { proveLead } from './modules/leadership/service';
import { leverJobs } from './modules/lever/jobs';
import { marketJobs } from './modules/market/jobs';
import { microJobs } from './modules/micro/jobs';
import { sessionJobs } from './modules/session/jobs';
import { spotJobs } from './modules/spot/jobs';

/** The job table, built once per runner: the writer thread's, or this process's. */
export const appJobs = () => jobTable(proveLead, sessionJobs(), leverJobs(), microJobs(), spotJobs(), marketJobs());

export type AppJobs = ReturnType<typeof appJobs>['jobs'];
export type JobName = NameOf<AppJobs>;
export type LeaderJobName = LeaderNameOf<AppJobs>;
export type JobArgs<N extends JobName> = ArgsOf<AppJobs, N>;
export type JobValue<N extends JobName> = ValueOf<AppJobs, N>;
export type JobRunner = RunnerOf<AppJobs>;
export type JobCall<N extends JobName = JobName> = CallOf<AppJobs, N>;

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's job runner (the writer thread on SQLite): money calls, the engines' writes, sessions' last-seen times */
    jobs: JobRunner;
  }
}
