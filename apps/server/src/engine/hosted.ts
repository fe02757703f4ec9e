import type { TickEvent } from '@tidemark/core';

/**
 * An engine the leader runs beside the price feed: the lever risk book, the micro settler, the
 * spot matcher. Only the leader runs it; every process may place work for it in the database and
 * wake it. Its state lives in the database: `gain` rebuilds it, so a restart or a new leader
 * loses and repeats nothing.
 */
export interface LeaderEngine {
  /** names the engine in logs and in wake signals */
  readonly name: string;
  /**
   * This process became the leader: rebuild from the database and catch up on what the price
   * did meanwhile. Runs before the feed's first tick reaches `tick`.
   */
  gain(): Promise<void>;
  /** every tick of the leader's feed, in order, after the board applied it */
  tick(event: TickEvent): void;
  /**
   * another process (or this one) placed work for the engine: look at the database now; `detail`
   * is what the waker named after the engine's name (`name:detail`): `lever:<order id>` names the
   * order that changed, `spot:settings` says staff changed the market maker's settings
   */
  wake(detail?: string): void;
  /** leadership is lost or the process stops: stop at once, finishing what is in hand */
  lose(): Promise<void>;
}

/** What services and routes use to wake a leader engine after they committed work for it. */
export type Wake = (engine: string) => void;

/** The engine a wake signal (`name`, or `name:detail` naming what changed) is for, and its detail. */
export function parseWake(signal: string): { engine: string; detail?: string } {
  const colon = signal.indexOf(':');
  return colon < 0 ? { engine: signal } : { engine: signal.slice(0, colon), detail: signal.slice(colon + 1) };
}
