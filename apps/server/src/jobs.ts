// Every module's jobs (writer/jobs.ts), one line each: a module brings its own `jobs.ts`.
import { jobTable, type AppJobName, type JobCall as CallOf, type JobRunner as RunnerOf } from './writer/jobs';
import { proveLead } from './modules/leadership/service';
import { leverJobs } from './modules/lever/jobs';
import { marketJobs } from './modules/market/jobs';
import { microJobs } from './modules/micro/jobs';
import { sessionJobs } from './modules/session/jobs';
import { spotJobs } from './modules/spot/jobs';

/** The job table, built once per runner: the writer thread's, or this process's. */
export const appJobs = () => jobTable(proveLead, sessionJobs(), leverJobs(), microJobs(), spotJobs(), marketJobs());

type Table = ReturnType<typeof appJobs>['jobs'];
/** The app's runner (writer/jobs.ts names its jobs `AppJobName`, from the declaration below). */
export type JobRunner = RunnerOf<Table>;
export type JobCall<N extends AppJobName = AppJobName> = CallOf<Table, N>;

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's job runner (the writer thread on SQLite): money calls, the engines' writes, sessions' last-seen times */
    jobs: JobRunner;
  }
}
