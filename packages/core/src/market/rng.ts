/** A seeded source of randomness for engines and simulations; the same seed gives the same stream. */
export interface Rng {
  /** a uniform integer in [0, maxExclusive) */
  int(maxExclusive: number): number;
}

/** mulberry32: tiny, fast and good enough for simulated markets (not for secrets). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    int(maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive <= 0) throw new RangeError(`bad bound ${maxExclusive}`);
      return next() % maxExclusive;
    },
  };
}

const NORMAL_SPREAD = 1000;
/** standard deviation of the sum of four uniforms in [-1000, 1000] */
export const NORMAL_STD = 1155;

/** An approximately normal integer with mean 0 and standard deviation NORMAL_STD (sum of four uniforms). */
export function normalish(rng: Rng): number {
  let sum = 0;
  for (let i = 0; i < 4; i++) sum += rng.int(2 * NORMAL_SPREAD + 1) - NORMAL_SPREAD;
  return sum;
}
