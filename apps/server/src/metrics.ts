import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's metrics in the Prometheus text format (prom-client): one registry per process,
 * like the one clock, so any layer can count into it without being handed it. Served only when
 * METRICS_PORT or METRICS_TOKEN says so (http/metrics.ts). Gauges that read live state take
 * their figure at scrape time from the sources registered with `watch` (tests run several
 * servers in one process: each registers and unregisters its own).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'tidemark_' });

const SECONDS_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new Histogram({
  name: 'tidemark_http_request_duration_seconds',
  help: 'HTTP requests by route pattern and method (the _count series is the request rate)',
  labelNames: ['route', 'method'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [registry],
});

export const httpErrors = new Counter({
  name: 'tidemark_http_errors_total',
  help: 'Answers of type error or 999, by route pattern and code (internal: an unexpected failure)',
  labelNames: ['route', 'code'] as const,
  registers: [registry],
});

export const socketsOpen = new Gauge({
  name: 'tidemark_sockets_open',
  help: 'Realtime sockets connected to this process',
  registers: [registry],
});

export const fanoutLag = new Histogram({
  name: 'tidemark_fanout_lag_seconds',
  help: 'From a trade at the feed to its events leaving this process for the sockets',
  buckets: SECONDS_BUCKETS,
  registers: [registry],
});

export const ledgerTransactions = new Counter({
  name: 'tidemark_ledger_transactions_total',
  help: 'Ledger transactions written, by kind (counted as written: one whose database transaction then rolls back counts too)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** Engine figures: the engines report into these with one call each. */
export const engineMetrics = {
  riskTick: new Histogram({
    name: 'tidemark_lever_risk_tick_seconds',
    help: 'Time the lever risk engine takes to decide and write one tick of trades',
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  }),
  settlementDelay: new Histogram({
    name: 'tidemark_micro_settlement_delay_seconds',
    help: 'From a micro order’s expiry to its settlement being written',
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  }),
  matchLatency: new Histogram({
    name: 'tidemark_spot_match_latency_seconds',
    help: 'From a spot order being accepted to the matcher writing its outcome',
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  }),
  halted: new Gauge({
    name: 'tidemark_engine_halted',
    help: '1 for each engine, or part of one (scope: a spot pair), stopped on this leader because its state could not be rebuilt',
    labelNames: ['engine', 'scope'] as const,
    registers: [registry],
  }),
  leadLost: new Counter({
    name: 'tidemark_engine_lead_lost_total',
    help: 'Engine writes refused because a newer leader term began (this process was stalled or cut off while leading)',
    registers: [registry],
  }),
};

/** What the gauges below read of a running server. */
export interface MetricSource {
  isLeader(): boolean;
  feedAgeMs(): number | undefined;
}

const sources = new Set<MetricSource>();

new Gauge({
  name: 'tidemark_feed_tick_age_seconds',
  help: 'Time since this process last applied a market tick (absent before the first)',
  registers: [registry],
  collect() {
    this.reset();
    const ages = [...sources].map((s) => s.feedAgeMs()).filter((ms) => ms !== undefined);
    if (ages.length > 0) this.set(Math.max(...ages) / 1000);
  },
});

new Gauge({
  name: 'tidemark_engine_leader',
  help: '1 while this process holds the engine lock and runs the feed and the engines',
  registers: [registry],
  collect() {
    this.set([...sources].some((s) => s.isLeader()) ? 1 : 0);
  },
});

/** Registers a running server's live figures; returns the unregistration for its close. */
export function watch(source: MetricSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

/** Runs `work` and observes how long it took in `histogram`, whether it succeeds or fails. */
export async function timed<T>(histogram: Histogram, work: () => Promise<T>): Promise<T> {
  const end = histogram.startTimer();
  try {
    return await work();
  } finally {
    end();
  }
}
