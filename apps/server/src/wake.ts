// The leader's engines by name, and the signals that wake them. A module commits work for an
// engine, then wakes it by name (`route()`'s `wake`, after the commit); the leader's market hands
// the signal to that engine on whichever process leads. Names live here, apart from the engines,
// so modules can spell them without importing the engine.
import type { Clock, MarketView } from '@tidemark/core';
import type { Db } from './db/database';

/** Every engine the leader runs, in start order. */
export const ENGINES = ['micro', 'lever', 'spot', 'schedule'] as const;

export type EngineName = (typeof ENGINES)[number];

/**
 * An engine's name, or `name:detail` naming what changed: `lever:<order id>` (the engine reads
 * just that order), `spot:settings` (staff changed the market maker's settings); `schedule` has
 * the leader's scheduled jobs look for what is due now.
 */
export type WakeSignal = EngineName | `${EngineName}:${string}`;

/** Wakes a leader engine, whichever process leads. */
export type Wake = (signal: WakeSignal) => void;

/** The engine a wake signal is for, and its detail. */
export function parseWake(signal: string): { engine: string; detail?: string } {
  const colon = signal.indexOf(':');
  return colon < 0 ? { engine: signal } : { engine: signal.slice(0, colon), detail: signal.slice(colon + 1) };
}

/** What every engine's module routes are registered with (engines.ts lists them, app.ts registers them alike). */
export interface EngineRouteDeps {
  db: Db;
  clock: Clock;
  market: MarketView;
}
