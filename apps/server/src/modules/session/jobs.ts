import type { Db } from '../../db/database';
import { callJob } from '../../writer/jobs';
import { markSessionSeen } from './service';

export const sessionJobs = () => ({
  jobs: {
    /** a signed-in call's session seen again (app.ts hands it to the auth plugin): on SQLite, a write on the HTTP thread's own connection would wait there for the writer thread's transaction */
    markSessionSeen: callJob((trx: Db, job: { sessionId: bigint; nowMs: number }) => markSessionSeen(trx, job.sessionId, job.nowMs)),
  },
});
