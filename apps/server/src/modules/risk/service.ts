import type { MarketView } from '@tidemark/core';
import type { Db } from '../../db/database';
import { recordStaffDecision } from '../audit/service';
import { checkLedger } from '../ledger/check';
import { verifyMicroChain } from '../micro/service';
import { leadershipState } from '../leadership/service';
import type { ScheduledJob } from '../schedule/job';
import { scheduleState } from '../schedule/service';
import { selectOpenLeverByPair, selectOpenMicroByPair, selectOutboxPage } from './queries';

/** The console's risk and health views: the house's exposure, the feed, and the checks on demand. */

const sumOf = (value: bigint | string | number | null) => BigInt(value ?? 0);

/** What traders hold open on a pair, against the feed's last trade. */
export interface PairExposure {
  pairId: number;
  symbol: string;
  lastPriceUnits: bigint;
  lastTradeMs: number | null;
  /** open lever quantity long and short, and the orders holding it */
  longUnits: bigint;
  shortUnits: bigint;
  leverOpen: number;
  /** open micro stakes up and down, and the orders holding them */
  upUnits: bigint;
  downUnits: bigint;
  microOpen: number;
}

/** Per pair: traders' open lever quantity long and short and open micro stakes up and down, with the feed's last trade. */
export async function riskByPair(db: Db, market: MarketView): Promise<PairExposure[]> {
  const [lever, micro] = await Promise.all([selectOpenLeverByPair(db), selectOpenMicroByPair(db)]);
  return market.pairs().map((pair) => {
    const leverOf = (direction: bigint) => lever.find((r) => Number(r.pair_id) === pair.pairId && r.direction === direction);
    const microOf = (type: bigint) => micro.find((r) => Number(r.pair_id) === pair.pairId && r.type === type);
    const [long, short, up, down] = [leverOf(1n), leverOf(2n), microOf(1n), microOf(2n)];
    const lastTrade = market.recentTrades(pair.pairId)[0];
    return {
      pairId: pair.pairId,
      symbol: pair.symbol,
      lastPriceUnits: market.lastPriceUnits(pair.pairId),
      lastTradeMs: lastTrade ? lastTrade.timeMs : null,
      longUnits: sumOf(long?.quantity_units ?? 0n),
      shortUnits: sumOf(short?.quantity_units ?? 0n),
      leverOpen: Number(sumOf(long?.n ?? 0n) + sumOf(short?.n ?? 0n)),
      upUnits: sumOf(up?.number_units ?? 0n),
      downUnits: sumOf(down?.number_units ?? 0n),
      microOpen: Number(sumOf(up?.n ?? 0n) + sumOf(down?.n ?? 0n)),
    };
  });
}

/**
 * The engine leader's term, what of the engines stopped and the scheduled jobs' runs (recorded by
 * the leader, so any process answers it).
 */
export async function engineHealth(db: Db, jobs: readonly ScheduledJob[], nowMs: number) {
  const [leadership, schedule] = await Promise.all([leadershipState(db), scheduleState(db, jobs, nowMs)]);
  return { ...leadership, schedule };
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
