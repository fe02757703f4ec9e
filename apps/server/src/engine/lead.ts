import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@tidemark/core';
import type { Db } from '../db/database';
import { LeadLost } from '../db/lead';
import { clearFault, proveLead, recordFault } from '../modules/leadership/service';
import { engineMetrics } from '../metrics';
import type { JobRunner } from '../jobs';
import type { AppJobValue as JobValue } from '../writer/jobs';
import type { Lead } from './hosted';

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const WRITE_SQL = /^\s*(insert|update|delete|merge|upsert|replace|create|drop|alter|truncate)\b/i;

/**
 * Refuses every write through the Kysely instance it is added to (and the transactions opened on
 * it): an engine's writes go through its Lead, which proves the term. A write that bypassed it
 * would be one a stalled leader could still commit after another process took over.
 */
class ReadOnly implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const raw = node.kind === 'RawNode' && WRITE_SQL.test(node.sqlFragments[0] ?? '');
    if (WRITE_NODES.has(node.kind) || raw) throw new Error(`an engine wrote outside its lead (${node.kind}): engines write through Lead.write or Lead.run`);
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

export interface LeadOptions {
  db: Db;
  jobs: JobRunner;
  epoch: bigint;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** a write found a newer term: this process must stop leading now */
  lost(error: LeadLost): void;
}

/** The Lead of a term (see Lead): every write of the engines proves `epoch` inside its transaction. */
export function openLead({ db, jobs, epoch, clock, log, lost }: LeadOptions): Lead {
  let ended: LeadLost | undefined;
  const fenced = async <T>(write: () => Promise<T>): Promise<T> => {
    // once refused, every later write of the term is refused without asking the database
    if (ended) throw ended;
    try {
      return await write();
    } catch (error) {
      if (error instanceof LeadLost && !ended) {
        ended = error;
        engineMetrics.leadLost.inc();
        log.error({ epoch: String(error.epoch), currentEpoch: String(error.currentEpoch) }, 'an engine write was refused: another process leads now; stepping down');
        lost(error);
      }
      throw error;
    }
  };
  const write = <T>(work: (trx: Db) => Promise<T>) =>
    fenced(() =>
      db.transaction().execute(async (trx) => {
        await proveLead(trx, epoch);
        return work(trx);
      }),
    );
  return {
    epoch,
    db: db.withPlugin(new ReadOnly()),
    write,
    run: (name, args) =>
      fenced(async () => {
        // a leader job has no key: its outcome is always its own value
        const outcome = await jobs.run({ name, args, epoch, payload: '' });
        if (!('value' in outcome)) throw new Error(`the leader job ${name} was answered as a repeat`);
        return outcome.value as JobValue<typeof name>;
      }),
    async halted(engine, scope, detail) {
      log.error({ engine, scope, detail }, 'engine stopped: its state cannot be rebuilt from the database');
      engineMetrics.halted.set({ engine, scope }, 1);
      await write((trx) => recordFault(trx, { engine, scope, detail, sinceMs: clock(), epoch }));
    },
    async resumed(engine, scope) {
      log.info({ engine, scope }, 'engine running again');
      engineMetrics.halted.remove({ engine, scope });
      await write((trx) => clearFault(trx, engine, scope));
    },
  };
}
