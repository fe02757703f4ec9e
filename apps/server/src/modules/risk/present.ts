import { formatUnits } from '@tidemark/core';
import type { leadershipState } from '../leadership/service';
import type { PairExposure } from './service';
import type { selectOutboxPage } from './queries';

type OutboxRow = Awaited<ReturnType<typeof selectOutboxPage>>['data'][number];

export function presentPairExposure(e: PairExposure) {
  return {
    pair_id: e.pairId,
    symbol: e.symbol,
    last_price: formatUnits(e.lastPriceUnits),
    last_trade_ms: e.lastTradeMs,
    lever_long: formatUnits(e.longUnits),
    lever_short: formatUnits(e.shortUnits),
    lever_net: formatUnits(e.longUnits - e.shortUnits),
    lever_open: e.leverOpen,
    micro_up: formatUnits(e.upUnits),
    micro_down: formatUnits(e.downUnits),
    micro_open: e.microOpen,
  };
}

/** The engine leader's term and what of the engines stopped (recorded by the leader, so any process answers it). */
export function presentEngineHealth({ lease, faults }: Awaited<ReturnType<typeof leadershipState>>) {
  return {
    term: { epoch: String(lease.epoch), since_ms: Number(lease.gained_at_ms) },
    halted: faults.map((f) => ({ engine: f.engine, scope: f.scope, detail: f.detail, since_ms: Number(f.since_ms) })),
  };
}

/** A mail of the outbox: its delivery, never its text. */
export function presentOutboxMail(m: OutboxRow) {
  return {
    id: m.id.toString(),
    to: m.to_address,
    subject: m.subject,
    status: m.status,
    error: m.error,
    created_ms: Number(m.created_at_ms),
    sent_ms: m.sent_at_ms === null ? null : Number(m.sent_at_ms),
  };
}
