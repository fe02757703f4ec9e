// Shared by the micro tests: a default submission, a recorded price history, a simulated market.
import fc from 'fast-check';
import { applyPostings, balanceKey, checkPostings, type Balance, type Posting, type PostingAccount } from '../ledger';
import { UNITS_PER_COIN, formatUnits, mustParseUnits } from '../money';
import { createMicroState, stepMicro, type MicroEvent, type MicroState } from './engine';
import type { MicroSettlementRecord } from './record';
import type { MicroSubmitInput } from './submit';
import { tickAtOrBefore, type MicroDirection, type MicroLimits, type MicroOrder, type MicroRejection, type PriceLookup, type PriceTick } from './types';

export const NOW_MS = Date.UTC(2025, 5, 1, 12, 0, 0);
export const LIMITS: MicroLimits = { openOrdersPerUserMax: 3, priceStaleAfterMs: 5_000 };

/** BTC/USDT (pair 2) at 67000, USDT (currency 3) 10..10000 with a 1% fee, 30 s at 80%, 1000 USDT available. */
export function submitInput(overrides: Partial<MicroSubmitInput> = {}): MicroSubmitInput {
  return {
    orderId: 1n,
    userId: 7n,
    direction: 'up',
    number: '100',
    pair: { pairId: 2n, microOpen: true },
    currency: {
      currencyId: 3n,
      payable: true,
      minUnits: mustParseUnits('10'),
      maxUnits: mustParseUnits('10000'),
      feePercentUnits: mustParseUnits('1'),
    },
    secondsOption: { seconds: 30, profitRatioPercentUnits: mustParseUnits('80'), enabled: true },
    latestTick: { priceUnits: mustParseUnits('67000'), atMs: NOW_MS - 1_000 },
    availableUnits: mustParseUnits('1000'),
    openOrdersOfUser: 0,
    ...overrides,
  };
}

/** A recorded price history that grows as ticks are appended (in time order per pair). */
export function priceHistory(): { record(pairId: bigint, tick: PriceTick): void; priceAt: PriceLookup } {
  const ticksByPair = new Map<bigint, PriceTick[]>();
  return {
    record(pairId, tick) {
      const ticks = ticksByPair.get(pairId) ?? [];
      const last = ticks.at(-1);
      if (last && last.atMs > tick.atMs) throw new Error('ticks are recorded in time order');
      ticks.push(tick);
      ticksByPair.set(pairId, ticks);
    },
    priceAt: (pairId, atMs) => tickAtOrBefore(ticksByPair.get(pairId) ?? [], atMs),
  };
}

/** One step of a simulated market: time passes, maybe a tick, some submissions, maybe a settler run. */
export interface WorldStep {
  dtMs: number;
  /** price moves in cents (0 keeps the price: equal prices make draws) */
  ticks: Array<{ pair: number; moveCents: number }>;
  submits: Array<{ user: number; pair: number; direction: MicroDirection; secondsIndex: number; numberUnits: bigint }>;
  settle: boolean;
  /** the settler's batch size */
  limit?: number;
}

export const WORLD_PAIRS = [1n, 2n];
export const WORLD_SECONDS = [1, 3, 30];
const WORLD_CURRENCY = 3n;
export const WORLD_FEES_ACCOUNT = balanceKey({ system: 'fees' }, WORLD_CURRENCY);
export const WORLD_HOUSE_ACCOUNT = balanceKey({ system: 'house' }, WORLD_CURRENCY);
const userAccount = (user: number) => balanceKey({ owner: BigInt(user) }, WORLD_CURRENCY);

export const worldStepArb: fc.Arbitrary<WorldStep> = fc.record(
  {
    dtMs: fc.integer({ min: 1, max: 2_000 }),
    ticks: fc.array(fc.record({ pair: fc.integer({ min: 0, max: 1 }), moveCents: fc.integer({ min: -3, max: 3 }) }), {
      maxLength: 3,
    }),
    submits: fc.array(
      fc.record({
        user: fc.integer({ min: 0, max: 2 }),
        pair: fc.integer({ min: 0, max: 1 }),
        direction: fc.constantFrom<MicroDirection>('up', 'down'),
        secondsIndex: fc.integer({ min: 0, max: WORLD_SECONDS.length - 1 }),
        numberUnits: fc.bigInt({ min: mustParseUnits('10'), max: mustParseUnits('2000') }),
      }),
      { maxLength: 3 },
    ),
    settle: fc.boolean(),
    limit: fc.integer({ min: 1, max: 4 }),
  },
  { requiredKeys: ['dtMs', 'ticks', 'submits', 'settle'] },
);

export const worldArb = fc.record({
  /** each user's starting micro balance, in whole USDT */
  startingCoins: fc.array(fc.constantFrom(0n, 50n, 5_000n, 100_000n), { minLength: 3, maxLength: 3 }),
  steps: fc.array(worldStepArb, { minLength: 1, maxLength: 80 }),
});

export interface World {
  accepted: MicroOrder[];
  /** every settled event with the time the settler ran */
  settled: Array<{ event: Extract<MicroEvent, { type: 'settled' }>; nowMs: number }>;
  /** every ledger transaction in the order it was applied */
  txns: Posting[][];
  records: MicroSettlementRecord[];
  priceAt: PriceLookup;
  startingBalances: Map<string, Balance>;
  balances: Map<string, Balance>;
  rejections: MicroRejection[];
  state: MicroState;
}

const isSystem = (account: PostingAccount) => 'system' in account;

/**
 * Runs the engine over a simulated price path the way the server would: the feed records ticks,
 * submissions take the latest tick, the settler runs now and then, every transaction is applied
 * to the balances (and must apply), and at the end the settler runs once all orders are due.
 */
export function runWorld(world: { startingCoins: bigint[]; steps: WorldStep[] }): World {
  const history = priceHistory();
  const prices = WORLD_PAIRS.map(() => mustParseUnits('100'));
  let balances = new Map<string, Balance>([
    [WORLD_FEES_ACCOUNT, { availableUnits: 0n, frozenUnits: 0n }],
    [WORLD_HOUSE_ACCOUNT, { availableUnits: 0n, frozenUnits: 0n }],
    ...world.startingCoins.map(
      (coins, user) => [userAccount(user), { availableUnits: coins * UNITS_PER_COIN, frozenUnits: 0n }] as const,
    ),
  ]);
  const startingBalances = balances;
  const out: Omit<World, 'priceAt' | 'startingBalances' | 'balances' | 'state'> = {
    accepted: [],
    settled: [],
    txns: [],
    records: [],
    rejections: [],
  };
  let state = createMicroState({ openOrdersPerUserMax: 3, priceStaleAfterMs: 5_000 });
  let nowMs = NOW_MS;
  let nextOrderId = 1n;
  const apply = (postings: Posting[]) => {
    const checked = checkPostings(postings);
    if (!checked.ok) throw new Error(`postings refused: ${checked.reason}`);
    const applied = applyPostings(balances, postings, isSystem);
    if (!applied.ok) throw new Error(`postings do not apply: ${applied.reason} on ${applied.key}`);
    balances = applied.balances;
    out.txns.push(postings);
  };
  const settle = (limit?: number) => {
    const step = stepMicro(state, { type: 'settleDue', priceAt: history.priceAt, limit }, { nowMs });
    if ('rejection' in step) throw new Error(`settleDue refused: ${step.rejection}`);
    state = step.state;
    for (const event of step.events) {
      if (event.type !== 'settled') throw new Error(`unexpected ${event.type}`);
      apply(event.postings);
      out.records.push(event.record);
      out.settled.push({ event, nowMs });
    }
  };

  for (const step of world.steps) {
    nowMs += step.dtMs;
    for (const { pair, moveCents } of step.ticks) {
      prices[pair] = prices[pair]! + BigInt(moveCents) * 1_000_000n;
      history.record(WORLD_PAIRS[pair]!, { priceUnits: prices[pair]!, atMs: nowMs });
    }
    for (const s of step.submits) {
      const pairId = WORLD_PAIRS[s.pair]!;
      const accountId = userAccount(s.user);
      const submitted = stepMicro(
        state,
        {
          type: 'submit',
          ...submitInput({
            orderId: nextOrderId++,
            userId: BigInt(s.user),
            direction: s.direction,
            number: formatUnits(s.numberUnits),
            pair: { pairId, microOpen: true },
            currency: {
              currencyId: WORLD_CURRENCY,
              payable: true,
              minUnits: mustParseUnits('10'),
              maxUnits: mustParseUnits('10000'),
              feePercentUnits: mustParseUnits('2'),
            },
            secondsOption: {
              seconds: WORLD_SECONDS[s.secondsIndex]!,
              profitRatioPercentUnits: mustParseUnits('85'),
              enabled: true,
            },
            latestTick: history.priceAt(pairId, nowMs),
            availableUnits: balances.get(accountId)!.availableUnits,
          }),
        },
        { nowMs },
      );
      if ('rejection' in submitted) {
        out.rejections.push(submitted.rejection);
        continue;
      }
      state = submitted.state;
      for (const event of submitted.events) {
        if (event.type !== 'accepted') throw new Error(`unexpected ${event.type}`);
        apply(event.postings);
        out.accepted.push(event.order);
      }
    }
    if (step.settle) settle(step.limit);
  }
  nowMs = Math.max(nowMs, ...out.accepted.map((o) => o.expiresAtMs));
  settle();
  return { ...out, priceAt: history.priceAt, startingBalances, balances, state };
}
