/**
 * Risk: the cost of one price tick through the lever engine with 1,000,000 open positions across
 * 10 pairs (each with a liquidation price and a take-profit or stop-loss), when nothing fires and
 * when about 100 triggers fire, against a naive scan of every open position (what template
 * servers do every two seconds) in the same run. Target: the indexed tick at least 1000x faster
 * than the scan when nothing fires. Pure CPU, no I/O; the book is built by the engine's `restore`.
 */
import {
  applySpread,
  createLeverBook,
  createRng,
  leverOrders,
  liquidationPriceOf,
  maintenanceMarginOf,
  mustParseUnits as u,
  quoteLever,
  stepLever,
  type LeverBook,
  type LeverCommand,
  type LeverDirection,
  type LeverOrder,
  type LeverPairConfig,
} from '@tidemark/core';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 1_000_000);
const PAIRS = 10;
const FIRED_TARGET = 100;
const QUIET_TICKS = Number(process.env.BENCH_QUIET_TICKS ?? 200_000);
const FIRING_ROUNDS = Number(process.env.BENCH_FIRING_ROUNDS ?? 200);
const SCAN_ROUNDS = Number(process.env.BENCH_SCAN_ROUNDS ?? 9);
const T0 = Date.UTC(2025, 5, 1);
const rng = createRng(Number(process.env.SEED ?? 1));

const configs: LeverPairConfig[] = Array.from({ length: PAIRS }, (_, i) => ({
  pairId: BigInt(i + 1),
  currencyId: 3n,
  isOpen: true,
  multiples: [5, 10, 20],
  handsMin: 10,
  handsMax: 100,
  contractSizeUnits: u('0.01'),
  spreadPercentUnits: u('0.1'),
  feePercentUnits: u('0.2'),
  maintenancePercentUnits: u('20'),
  stopRangeUnits: u('1000'),
  positionsPerUserMax: 1000,
  entrustsPerUserMax: 1000,
  priceMaxAgeMs: 60_000,
}));
const priceOf = (pairIndex: number) => u(String(1000 * (pairIndex + 1)));
/** price x (1 + permille / 1000) */
const moved = (price: bigint, permille: number) => price + (price * BigInt(permille)) / 1000n;

// Open prices within +-0.5% of the current price; take-profit and stop-loss 3% to 10% away;
// leverage at most 20x, so liquidation is at least about 3% away: a quiet tick fires nothing.
const liquidationCache = new Map<string, bigint>();
function position(id: number): LeverOrder {
  const pairIndex = id % PAIRS;
  const config = configs[pairIndex]!;
  const direction: LeverDirection = rng.int(2) === 0 ? 1 : 2;
  const long = direction === 1;
  const hands = 10 * (1 + rng.int(10));
  const multiple = config.multiples[rng.int(config.multiples.length)]!;
  const originPriceUnits = moved(priceOf(pairIndex), rng.int(11) - 5);
  const openPriceUnits = applySpread(originPriceUnits, direction, config.spreadPercentUnits);
  const q = quoteLever({ openPriceUnits, hands, contractSizeUnits: config.contractSizeUnits, multiple, feePercentUnits: config.feePercentUnits });
  if (!q.ok) throw new Error(q.reason);
  const maintenanceMarginUnits = maintenanceMarginOf(q.quote.marginUnits, config.maintenancePercentUnits);
  const figures = { direction, openPriceUnits, quantityUnits: q.quote.quantityUnits, marginUnits: q.quote.marginUnits, maintenanceMarginUnits };
  const cacheKey = `${direction}:${openPriceUnits}:${hands}:${multiple}`;
  let liquidationPriceUnits = liquidationCache.get(cacheKey);
  if (liquidationPriceUnits === undefined) {
    liquidationPriceUnits = liquidationPriceOf(figures);
    liquidationCache.set(cacheKey, liquidationPriceUnits);
  }
  const away = 30 + rng.int(71);
  const withTakeProfit = rng.int(2) === 0;
  const userId = BigInt(1 + rng.int(100_000));
  return {
    id: BigInt(id + 1),
    userId,
    pairId: config.pairId,
    currencyId: config.currencyId,
    direction,
    entryMode: 1,
    status: 1,
    multiple,
    hands,
    originPriceUnits,
    ...q.quote,
    openPriceUnits,
    maintenanceMarginUnits,
    liquidationPriceUnits,
    takeProfitUnits: withTakeProfit ? moved(originPriceUnits, long ? away : -away) : 0n,
    stopLossUnits: withTakeProfit ? 0n : moved(originPriceUnits, long ? -away : away),
    submittedAtMs: T0,
    openedAtMs: T0,
    openTickPriceUnits: originPriceUnits,
    openTickAtMs: T0,
    stopsSetAtMs: T0,
  };
}

/**
 * The scan a template server runs: every open position's triggers compared with its pair's price
 * (`priceByPair[pairId]`, undefined: the pair is skipped). Stored trigger prices, no recomputation.
 */
function naiveScan(orders: readonly LeverOrder[], priceByPair: ReadonlyArray<bigint | undefined>): number {
  let fired = 0;
  for (const o of orders) {
    const p = priceByPair[Number(o.pairId)];
    if (p === undefined) continue;
    const hit =
      o.direction === 1
        ? p <= o.liquidationPriceUnits || (o.takeProfitUnits > 0n && p >= o.takeProfitUnits) || (o.stopLossUnits > 0n && p <= o.stopLossUnits)
        : p >= o.liquidationPriceUnits || (o.takeProfitUnits > 0n && p <= o.takeProfitUnits) || (o.stopLossUnits > 0n && p >= o.stopLossUnits);
    if (hit) fired++;
  }
  return fired;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ns: number) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} us` : `${ns.toFixed(0)} ns`);

let started = performance.now();
const orders = Array.from({ length: POSITIONS }, (_, i) => position(i));
const generatedMs = performance.now() - started;
const built = stepLever(createLeverBook(configs), { type: 'restore', orders }, { nowMs: T0 });
if ('rejection' in built) throw new Error(built.rejection);
let book: LeverBook = built.state;
for (let i = 0; i < PAIRS; i++) {
  const quiet = stepLever(book, { type: 'tick', pairId: configs[i]!.pairId, priceUnits: priceOf(i), atMs: T0 }, { nowMs: T0 });
  if ('rejection' in quiet || quiet.events.length > 0) throw new Error('the current price must fire nothing');
  book = quiet.state;
}
const triggers = [...book.pairs.values()].reduce((s, p) => s + p.triggers.fall.size + p.triggers.rise.size, 0);
console.log(`risk: ${POSITIONS.toLocaleString('en')} open positions on ${PAIRS} pairs, ${triggers.toLocaleString('en')} triggers indexed, generated in ${(generatedMs / 1000).toFixed(1)} s, restored in ${((performance.now() - started - generatedMs) / 1000).toFixed(1)} s`);

const pairId = configs[0]!.pairId;
const price = priceOf(0);
const tickCommand = (priceUnits: bigint, atMs: number): LeverCommand => ({ type: 'tick', pairId, priceUnits, atMs });

// 1. A tick that fires nothing: the price moves within +-0.2% of the current one.
const quietPrices = Array.from({ length: 1024 }, () => moved(price, rng.int(5) - 2));
for (let i = 0; i < 10_000; i++) stepLever(book, tickCommand(quietPrices[i & 1023]!, T0 + 1), { nowMs: T0 + 1 });
started = performance.now();
for (let i = 0; i < QUIET_TICKS; i++) {
  const r = stepLever(book, tickCommand(quietPrices[i & 1023]!, T0 + 1), { nowMs: T0 + 1 });
  if ('rejection' in r || r.events.length > 0) throw new Error('a quiet tick fired');
}
const quietNs = ((performance.now() - started) * 1e6) / QUIET_TICKS;

// 2. A tick that fires about 100 triggers: the price of the 100th highest falling trigger.
const fall = book.pairs.get(pairId)!.triggers.fall;
let firingPrice = price;
let seen = 0;
for (const [key] of fall.entriesReversed()) {
  firingPrice = key.priceUnits;
  if (++seen === FIRED_TARGET) break;
}
const firingTimes: number[] = [];
let closed = 0;
for (let i = 0; i < FIRING_ROUNDS; i++) {
  // the same book each round: the engine never changes the book it was given
  const t = performance.now();
  const r = stepLever(book, tickCommand(firingPrice, T0 + 2), { nowMs: T0 + 2 });
  firingTimes.push(performance.now() - t);
  if ('rejection' in r) throw new Error(r.rejection);
  closed = r.events.length;
}
const firingNs = median(firingTimes) * 1e6;

// 3. The naive scans, same positions, same prices.
const all = [...leverOrders(book)];
const ofPair = all.filter((o) => o.pairId === pairId);
const scanAllTimes: number[] = [];
const scanPairTimes: number[] = [];
let scanFired = 0;
const currentPrices = [undefined, ...configs.map((_, i) => priceOf(i))];
for (let i = 0; i < SCAN_ROUNDS; i++) {
  let t = performance.now();
  if (naiveScan(all, currentPrices) !== 0) throw new Error('the current prices must fire nothing');
  scanAllTimes.push(performance.now() - t);
  t = performance.now();
  scanFired = naiveScan(ofPair, [undefined, firingPrice]);
  scanPairTimes.push(performance.now() - t);
}
const scanAllNs = median(scanAllTimes) * 1e6;
const scanPairNs = median(scanPairTimes) * 1e6;
if (scanFired !== closed) throw new Error(`the scan found ${scanFired} positions to close, the engine closed ${closed}`);

const quietRatio = scanAllNs / quietNs;
console.log(`  tick, nothing fires (median of ${QUIET_TICKS.toLocaleString('en')}, mean):   ${fmt(quietNs)}`);
console.log(`  tick, ${closed} positions close (median of ${FIRING_ROUNDS}):      ${fmt(firingNs)}`);
console.log(`  naive scan of all ${POSITIONS.toLocaleString('en')} positions (median of ${SCAN_ROUNDS}): ${fmt(scanAllNs)}`);
console.log(`  naive scan of the pair's ${(POSITIONS / PAIRS).toLocaleString('en')} positions:      ${fmt(scanPairNs)}`);
console.log(`  ratio, nothing fires: ${quietRatio.toFixed(0)}x faster than the full scan (target >= 1000x) ${quietRatio >= 1000 ? 'MET' : 'NOT MET'}`);
console.log(`  ratio, nothing fires vs the pair's scan: ${(scanPairNs / quietNs).toFixed(0)}x`);
console.log(`  ratio, ${closed} close: ${(scanAllNs / firingNs).toFixed(0)}x faster than the full scan, ${(scanPairNs / firingNs).toFixed(0)}x than the pair's scan`);
