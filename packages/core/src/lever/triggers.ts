// One pair's trigger prices in two sorted trees, so a tick reads only what it fires:
// `fall` holds triggers that fire when the price falls to or below them, `rise` those that fire
// when it rises to or above them. A tick is two O(log n) descents plus one step per fired trigger.
import { BTree, treeFromSorted } from '../btree';
import type { LeverOrder } from './types';

export type TriggerKind = 'entry' | 'take_profit' | 'stop_loss' | 'liquidation';
const KIND_RANK: Record<TriggerKind, number> = { entry: 0, take_profit: 1, stop_loss: 2, liquidation: 3 };

export interface TriggerKey {
  priceUnits: bigint;
  orderId: bigint;
  kind: TriggerKind;
}

export interface TriggerBook {
  fall: BTree<TriggerKey, true>;
  rise: BTree<TriggerKey, true>;
}

export const compareTriggers = (a: TriggerKey, b: TriggerKey): number => {
  if (a.priceUnits !== b.priceUnits) return a.priceUnits < b.priceUnits ? -1 : 1;
  if (a.orderId !== b.orderId) return a.orderId < b.orderId ? -1 : 1;
  return KIND_RANK[a.kind] - KIND_RANK[b.kind];
};

// Sentinel ids around every real id (ids are positive 64-bit), to bound a range at one price.
const ID_BELOW_ALL = -1n;
const ID_ABOVE_ALL = 1n << 64n;

export function emptyTriggerBook(): TriggerBook {
  return { fall: new BTree<TriggerKey, true>(undefined, compareTriggers), rise: new BTree<TriggerKey, true>(undefined, compareTriggers) };
}

/** A book holding exactly these orders' triggers, bulk-built from sorted keys in O(n log n). */
export function triggerBookOf(orders: readonly LeverOrder[]): TriggerBook {
  const keys: Record<Side, TriggerKey[]> = { fall: [], rise: [] };
  for (const order of orders) for (const { side, key } of triggersOf(order)) keys[side].push(key);
  const build = (side: Side) => {
    const sorted = keys[side].sort(compareTriggers);
    return treeFromSorted(sorted, sorted.map((): true => true), compareTriggers);
  };
  return { fall: build('fall'), rise: build('rise') };
}

/** An O(1) copy-on-write copy: edits to it leave the original book as it was. */
export function cloneTriggerBook(book: TriggerBook): TriggerBook {
  return { fall: book.fall.clone(), rise: book.rise.clone() };
}

type Side = keyof TriggerBook;

/** The triggers a live order holds: an entrust its limit; a position its liquidation, take-profit and stop-loss. */
export function triggersOf(order: LeverOrder): Array<{ side: Side; key: TriggerKey }> {
  const long = order.direction === 1;
  const at = (side: Side, kind: TriggerKind, priceUnits: bigint) => ({ side, key: { priceUnits, orderId: order.id, kind } });
  if (order.status === 0) return [at(long ? 'fall' : 'rise', 'entry', order.originPriceUnits)];
  const triggers = [];
  // a long whose liquidation price is 0 can never be liquidated by a positive price
  if (!long || order.liquidationPriceUnits > 0n) {
    triggers.push(at(long ? 'fall' : 'rise', 'liquidation', order.liquidationPriceUnits));
  }
  if (order.takeProfitUnits > 0n) triggers.push(at(long ? 'rise' : 'fall', 'take_profit', order.takeProfitUnits));
  if (order.stopLossUnits > 0n) triggers.push(at(long ? 'fall' : 'rise', 'stop_loss', order.stopLossUnits));
  return triggers;
}

/** Adds the order's triggers to a book the caller owns (a clone). */
export function addTriggers(book: TriggerBook, order: LeverOrder): void {
  for (const { side, key } of triggersOf(order)) {
    if (!book[side].set(key, true, false)) throw new Error(`trigger already indexed for order ${order.id}`);
  }
}

/** Removes the order's triggers (as `order` holds them) from a book the caller owns. */
export function removeTriggers(book: TriggerBook, order: LeverOrder): void {
  for (const { side, key } of triggersOf(order)) {
    if (!book[side].delete(key)) throw new Error(`trigger missing for order ${order.id}`);
  }
}

/**
 * The time from which a trigger may fire: prices recorded before it must not (a replay of recorded
 * prices reaches back past it). An entry from its submit, a liquidation from the open, take-profit
 * and stop-loss from the open and from when they were last set.
 */
export function armedAtMs(order: LeverOrder, kind: TriggerKind): number {
  if (kind === 'entry') return order.submittedAtMs;
  const openedAtMs = order.openTickAtMs ?? order.submittedAtMs;
  return kind === 'liquidation' ? openedAtMs : Math.max(openedAtMs, order.stopsSetAtMs);
}

/** Every trigger a price reaches, in key order: falls at or above the price, then rises at or below it. */
export function firedAt(book: TriggerBook, priceUnits: bigint): TriggerKey[] {
  const fired: TriggerKey[] = [];
  for (const [key] of book.fall.entries({ priceUnits, orderId: ID_BELOW_ALL, kind: 'entry' })) fired.push(key);
  const risesFrom = book.rise.minKey();
  if (risesFrom && risesFrom.priceUnits <= priceUnits) {
    book.rise.forRange(risesFrom, { priceUnits, orderId: ID_ABOVE_ALL, kind: 'entry' }, true, (key) => {
      fired.push(key);
    });
  }
  return fired;
}

/** How many triggers the book holds. */
export function triggerCount(book: TriggerBook): number {
  return book.fall.size + book.rise.size;
}
