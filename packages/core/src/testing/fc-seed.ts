/**
 * The one fast-check seed setup, run before every test file (vitest `setupFiles`): every property
 * in the file starts from `SEED=<n>` when set, else from a fresh random seed, which a failing
 * test prints so that `SEED=<n> npx vitest run <file>` replays the failure exactly.
 */
import fc from 'fast-check';
import { beforeEach } from 'vitest';

function seedFromEnv(): number | undefined {
  const text = process.env.SEED;
  if (text === undefined || text === '') return undefined;
  const seed = Number(text);
  // fast-check seeds are 32-bit integers; it prints negative ones too
  if (!Number.isInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 32) throw new Error(`SEED must be a 32-bit integer, not ${text}`);
  return seed;
}

const seed = seedFromEnv() ?? Math.floor(Math.random() * 2 ** 31);
fc.configureGlobal({ seed });

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.error(`fast-check seed ${seed}: replay with SEED=${seed}`));
});
