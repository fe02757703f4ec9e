import { UNITS_PER_COIN } from '../money';
import { NORMAL_STD, normalish, type Rng } from './rng';
import { amountForNotional, ppmOf, roundToStep, type Depth, type Direction, type Level, type Trade } from './price';

/**
 * The simulated market: a seeded random walk per pair with a slow pull back to its reference
 * price (so months of running stay in a believable range), trades on every step and a
 * synthetic order book around the price. Pure: the server supplies time and randomness.
 */
export interface SimPair {
  pairId: number;
  referencePriceUnits: bigint;
  priceUnits: bigint;
  tickUnits: bigint;
}

export interface SimState {
  pairs: readonly SimPair[];
}

export type SimEvent =
  | { kind: 'trades'; pairId: number; trades: Trade[] }
  | { kind: 'depth'; pairId: number; depth: Depth };

/** Volatility: about 120 ppm per second, some 65% a year, like a large crypto asset. */
const SIGMA_PPM_PER_SECOND = 120;
/** The gap to the reference shrinks by 1/REVERSION per second: a half-life of about two days. */
const REVERSION_PER_SECOND = 250_000n;
const TRADES_PER_STEP_MAX = 3;
/** The mean of 1 to TRADES_PER_STEP_MAX trades a step. */
const TRADES_PER_STEP_MEAN = 2n;
/**
 * Traded value a second, in quote units, before randomness: live trades and back-filled bars
 * both derive from it, so the newest volume bars look like the history before them.
 */
export const NOTIONAL_PER_SECOND_UNITS = 20_000n * UNITS_PER_COIN;
/** The mean of the trade size shape below: E[2^k] for k in 0..10 (2047 / 11) × E[100..199] (149.5). */
const SHAPE_MEAN = 27_821n;
const DEPTH_LEVELS = 20;

/** Sigma of one step in ppm, scaled by the square root of its length. */
function stepSigmaPpm(stepMs: number): bigint {
  return BigInt(Math.max(1, Math.round(SIGMA_PPM_PER_SECOND * Math.sqrt(stepMs / 1000))));
}

/** One random move of `priceUnits`: normal noise of `sigmaPpm` plus a pull of 1/`reversion` of the gap to the reference. */
export function movePrice(
  priceUnits: bigint,
  referencePriceUnits: bigint,
  sigmaPpm: bigint,
  reversion: bigint,
  tickUnits: bigint,
  rng: Rng,
): bigint {
  const noise = (priceUnits * BigInt(normalish(rng)) * sigmaPpm) / (BigInt(NORMAL_STD) * 1_000_000n);
  const pull = (referencePriceUnits - priceUnits) / reversion;
  return roundToStep(priceUnits + noise + pull, tickUnits);
}

/**
 * A trade size, mostly small ones and a few up to 7 times the mean, scaled to the step so the
 * value traded a second is NOTIONAL_PER_SECOND_UNITS on average whatever the step length.
 */
function randomNotional(stepMs: number, rng: Rng): bigint {
  const shape = (1n << BigInt(rng.int(11))) * BigInt(100 + rng.int(100));
  return (shape * NOTIONAL_PER_SECOND_UNITS * BigInt(Math.max(1, stepMs))) / (SHAPE_MEAN * TRADES_PER_STEP_MEAN * 1000n);
}

/** An order book of DEPTH_LEVELS levels a side, about 0.005% from the price and 0.01% apart. */
export function syntheticDepth(priceUnits: bigint, tickUnits: bigint, rng: Rng): Depth {
  const half = roundToStep(ppmOf(priceUnits, 50n), tickUnits);
  const step = roundToStep(ppmOf(priceUnits, 100n), tickUnits);
  const side = (sign: bigint): Level[] =>
    Array.from({ length: DEPTH_LEVELS }, (_, i) => {
      const price = priceUnits + sign * (half + BigInt(i) * step);
      return [price, amountForNotional(BigInt(500 + rng.int(50_000)) * UNITS_PER_COIN, price)] as const;
    });
  return { bids: side(-1n).filter(([p]) => p > 0n), asks: side(1n) };
}

/** Advances every pair by one step of `stepMs`: 1 to 3 trades each, then a fresh book. */
export function stepSim(
  state: SimState,
  input: { stepMs: number },
  { nowMs, rng }: { nowMs: number; rng: Rng },
): { state: SimState; events: SimEvent[] } {
  const events: SimEvent[] = [];
  const reversion = (REVERSION_PER_SECOND * 1000n) / BigInt(Math.max(1, input.stepMs));
  const pairs = state.pairs.map((pair) => {
    const count = 1 + rng.int(TRADES_PER_STEP_MAX);
    const sigma = stepSigmaPpm(input.stepMs / count);
    let price = pair.priceUnits;
    const trades: Trade[] = [];
    for (let i = 0; i < count; i++) {
      const next = movePrice(price, pair.referencePriceUnits, sigma, reversion * BigInt(count), pair.tickUnits, rng);
      const direction: Direction = next > price ? 'buy' : next < price ? 'sell' : rng.int(2) === 0 ? 'buy' : 'sell';
      price = next;
      trades.push({ timeMs: nowMs, priceUnits: price, amountUnits: amountForNotional(randomNotional(input.stepMs, rng), price), direction });
    }
    events.push({ kind: 'trades', pairId: pair.pairId, trades });
    events.push({ kind: 'depth', pairId: pair.pairId, depth: syntheticDepth(price, pair.tickUnits, rng) });
    return { ...pair, priceUnits: price };
  });
  return { state: { pairs }, events };
}
