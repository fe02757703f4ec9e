import { formatUnits } from '@tidemark/core';
import type { JobSchedule } from '../schedule/job';
import type { engineHealth, PairExposure } from './service';
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
export function presentEngineHealth({ lease, faults, schedule }: Awaited<ReturnType<typeof engineHealth>>) {
  return {
    term: { epoch: String(lease.epoch), since_ms: Number(lease.gained_at_ms) },
    halted: faults.map((f) => ({ engine: f.engine, scope: f.scope, detail: f.detail, since_ms: Number(f.since_ms) })),
    jobs: schedule.map(({ job, last, nextDueMs }) => ({
      name: job.name,
      schedule: presentSchedule(job.schedule),
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

function presentSchedule(schedule: JobSchedule) {
  if ('every' in schedule) return { kind: 'every' as const, every_ms: schedule.every };
  if ('daily' in schedule) {
    const { hour, minute, utcOffsetMinutes } = schedule.daily;
    return { kind: 'daily' as const, hour, minute, utc_offset_minutes: utcOffsetMinutes };
  }
  return { kind: 'stored' as const };
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
