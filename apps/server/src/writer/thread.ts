// The writer thread (see writer.ts): runs the jobs it is sent on its own connection to the SQLite
// file. Its entry (src/writer-thread.ts) hands it the job table.
import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { limits } from '@tidemark/protocol';
import { openDatabase } from '../db/database';
import { ledgerTransactions } from '../metrics';
import { LeadLost } from '../db/lead';
import { Rejection } from '../rejection';
import { jobRunner, type Jobs, type JobTable } from './jobs';
import type { Answered, FromWriter, ToWriter } from './writer';

/** Serves the jobs of `table` to the thread that started this one. */
export function serveJobs<J extends Jobs>(table: JobTable<J>): void {
  const port = parentPort!;
  const db = openDatabase({ dataDir: (workerData as { dataDir: string }).dataDir });
  const jobs = jobRunner(db, table);

  /** Jobs sent and not yet answered; once none is for a moment, the WAL is checkpointed, off any job's path. */
  let running = 0;
  let idle: NodeJS.Timeout | undefined;
  // passive: it waits on no reader; one that cannot finish is taken up at the next idle moment
  const checkpoint = () => void sql`pragma wal_checkpoint(PASSIVE)`.execute(db).catch(() => undefined);

  /** The ledger transactions this thread counted since the last answer: the process's registry is the main thread's. */
  async function ledgerCounted(): Promise<FromWriter['ledger']> {
    // read and reset with no await between, so a count made meanwhile is not lost
    const read = ledgerTransactions.get();
    ledgerTransactions.reset();
    const { values } = await read;
    return values.filter((v) => v.value > 0).map((v) => ({ kind: String(v.labels.kind), count: v.value }));
  }

  // the answers of one turn of the event loop (a group's, answered after its commit) leave in one message
  let answers: FromWriter['answers'] = [];
  async function flush(): Promise<void> {
    const message: FromWriter = { answers, ledger: [] };
    answers = [];
    message.ledger = await ledgerCounted();
    port.postMessage(message);
  }

  async function answer(id: number, result: Promise<unknown>): Promise<void> {
    let answered: Answered;
    try {
      answered = { outcome: (await result) as Extract<Answered, { outcome: unknown }>['outcome'] };
    } catch (error) {
      answered =
        error instanceof Rejection
          ? { rejection: { code: error.code, params: error.params } }
          : error instanceof LeadLost
            ? { leadLost: { epoch: error.epoch, currentEpoch: error.currentEpoch } }
            : { error: error instanceof Error ? error.message : String(error) };
    }
    if (answers.push({ id, ...answered }) === 1) setImmediate(() => void flush());
    if (--running === 0) idle = setTimeout(checkpoint, limits.writerCheckpointIdleMs);
  }

  port.on('message', (messages: ToWriter[]) => {
    for (const message of messages) {
      if ('call' in message) {
        running++;
        clearTimeout(idle);
        void answer(message.id, jobs.run(message.call as Parameters<typeof jobs.run>[0]));
      } else if ('wake' in message) jobs.wake(message.wake);
      else {
        clearTimeout(idle);
        void jobs.close().then(() => db.destroy()).then(() => port.close());
      }
    }
  });
}
