import { formatUnits, type MarketView } from '@tidemark/core';
import type { Db } from '../../db/database';
import { recordStaffDecision } from '../audit/service';
import { checkLedger } from '../ledger/check';
import { leadershipState } from '../leadership/service';
import { verifyMicroChain } from '../micro/service';
import type { JobSchedule, ScheduledJob } from '../schedule/job';
import { scheduleState } from '../schedule/service';
import { selectOpenLeverByPair, selectOpenMicroByPair, selectOutboxPage } from './queries';

/** The console's risk and health views: the house's exposure, the feed, and the checks on demand. */

const sumOf = (value: bigint | string | number | null) => BigInt(value ?? 0);

/** Per pair: traders' open lever quantity long and short and open micro stakes up and down, with the feed's last trade. */
export async function riskByPair(db: Db, market: MarketView) {
  const [lever, micro] = await Promise.all([selectOpenLeverByPair(db), selectOpenMicroByPair(db)]);
  return market.pairs().map((pair) => {
    const leverOf = (direction: bigint) => lever.find((r) => Number(r.pair_id) === pair.pairId && r.direction === direction);
    const microOf = (type: bigint) => micro.find((r) => Number(r.pair_id) === pair.pairId && r.type === type);
    const [long, short, up, down] = [leverOf(1n), leverOf(2n), microOf(1n), microOf(2n)];
    const longUnits = sumOf(long?.quantity_units ?? 0n);
    const shortUnits = sumOf(short?.quantity_units ?? 0n);
    const lastTrade = market.recentTrades(pair.pairId)[0];
    return {
      pair_id: pair.pairId,
      symbol: pair.symbol,
      last_price: formatUnits(market.lastPriceUnits(pair.pairId)),
      last_trade_ms: lastTrade ? lastTrade.timeMs : null,
      lever_long: formatUnits(longUnits),
      lever_short: formatUnits(shortUnits),
      lever_net: formatUnits(longUnits - shortUnits),
      lever_open: Number(sumOf(long?.n ?? 0n) + sumOf(short?.n ?? 0n)),
      micro_up: formatUnits(sumOf(up?.number_units ?? 0n)),
      micro_down: formatUnits(sumOf(down?.number_units ?? 0n)),
      micro_open: Number(sumOf(up?.n ?? 0n) + sumOf(down?.n ?? 0n)),
    };
  });
}

/**
 * The engine leader's term, what of the engines stopped and the scheduled jobs' runs (recorded by
 * the leader, so any process answers it).
 */
export async function engineHealth(db: Db, jobs: readonly ScheduledJob[], nowMs: number) {
  const [{ lease, faults }, schedule] = await Promise.all([leadershipState(db), scheduleState(db, jobs, nowMs)]);
  return {
    term: { epoch: String(lease.epoch), since_ms: Number(lease.gained_at_ms) },
    halted: faults.map((f) => ({ engine: f.engine, scope: f.scope, detail: f.detail, since_ms: Number(f.since_ms) })),
    jobs: schedule.map(({ job, last, nextDueMs }) => ({
      name: job.name,
      schedule: scheduleOf(job.schedule),
      last: last
        ? {
            due_ms: Number(last.due_ms),
            started_ms: Number(last.started_ms),
            finished_ms: last.finished_ms === null ? null : Number(last.finished_ms),
            // an open run is this term's, or was left by one that ended
            outcome: last.outcome ?? (last.epoch === lease.epoch ? ('running' as const) : ('interrupted' as const)),
            detail: last.detail,
          }
        : null,
      next_due_ms: nextDueMs ?? null,
    })),
  };
}

function scheduleOf(schedule: JobSchedule) {
  if ('every' in schedule) return { kind: 'every' as const, every_ms: schedule.every };
  if ('daily' in schedule) {
    const { hour, minute, utcOffsetMinutes } = schedule.daily;
    return { kind: 'daily' as const, hour, minute, utc_offset_minutes: utcOffsetMinutes };
  }
  return { kind: 'stored' as const };
}

export async function ledgerCheckNow(db: Db) {
  const problems = await checkLedger(db);
  return { ok: problems.length === 0, problems };
}

export async function microCheckNow(db: Db) {
  const { records, breaks } = await verifyMicroChain(db);
  return { ok: breaks.length === 0, records, breaks: breaks.map((b) => ({ kind: b.kind, message: b.message })) };
}

/** A page of the outbox; who opened it is audited, since it names every trader who was mailed. */
export async function outboxPage(db: Db, request: { staffId: bigint; page: number; limit: number }, nowMs: number) {
  await recordStaffDecision(db, { staffId: request.staffId, action: 'view.outbox', subject: 'outbox', detail: { page: request.page } }, nowMs);
  return selectOutboxPage(db, request);
}
