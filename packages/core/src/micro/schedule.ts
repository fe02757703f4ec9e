import { BTree } from '../btree';
import type { MicroOrder } from './types';

/** Orders are keyed by expiry time, ties broken by id, so the settler takes them in one fixed order. */
type ExpiryKey = readonly [expiresAtMs: number, orderId: bigint];
const byExpiryThenId = (a: ExpiryKey, b: ExpiryKey): number => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
const byBigint = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The open orders, persistent: every change returns a new schedule and leaves the old one intact.
 * B+trees cloned copy-on-write (a clone is O(1), a change copies one path), so adding or
 * removing an order costs O(log n) however many are open.
 */
export interface MicroSchedule {
  readonly byExpiry: BTree<ExpiryKey, MicroOrder>;
  readonly expiresAtMsById: BTree<bigint, number>;
  readonly openCountByUser: BTree<bigint, number>;
}

export function emptyMicroSchedule(): MicroSchedule {
  return {
    byExpiry: new BTree<ExpiryKey, MicroOrder>(undefined, byExpiryThenId),
    expiresAtMsById: new BTree<bigint, number>(undefined, byBigint),
    openCountByUser: new BTree<bigint, number>(undefined, byBigint),
  };
}

export const openMicroOrderCount = (schedule: MicroSchedule): number => schedule.byExpiry.size;

export const openMicroOrdersOfUser = (schedule: MicroSchedule, userId: bigint): number =>
  schedule.openCountByUser.get(userId) ?? 0;

export function findOpenMicroOrder(schedule: MicroSchedule, orderId: bigint): MicroOrder | undefined {
  const expiresAtMs = schedule.expiresAtMsById.get(orderId);
  return expiresAtMs === undefined ? undefined : schedule.byExpiry.get([expiresAtMs, orderId]);
}

/** The earliest expiry, for the server's timer; undefined when nothing is open. */
export const nextMicroExpiryMs = (schedule: MicroSchedule): number | undefined => schedule.byExpiry.minKey()?.[0];

/** Open orders in settlement order. */
export const openMicroOrders = (schedule: MicroSchedule): MicroOrder[] => schedule.byExpiry.valuesArray();

/** Orders expired by `nowMs` (expiry <= now), in settlement order, at most `limit`. */
export function dueMicroOrders(schedule: MicroSchedule, nowMs: number, limit = Infinity): MicroOrder[] {
  const due: MicroOrder[] = [];
  for (const [[expiresAtMs], order] of schedule.byExpiry.entries()) {
    if (expiresAtMs > nowMs || due.length >= limit) break;
    due.push(order);
  }
  return due;
}

function cloneOf(schedule: MicroSchedule): MicroSchedule {
  return {
    byExpiry: schedule.byExpiry.clone(),
    expiresAtMsById: schedule.expiresAtMsById.clone(),
    openCountByUser: schedule.openCountByUser.clone(),
  };
}

/** Adds orders; throws on an id already open (callers check with findOpenMicroOrder first). */
export function addMicroOrders(schedule: MicroSchedule, orders: readonly MicroOrder[]): MicroSchedule {
  const next = cloneOf(schedule);
  for (const order of orders) {
    if (!next.expiresAtMsById.set(order.orderId, order.expiresAtMs, false)) {
      throw new Error(`order ${order.orderId} is already open`);
    }
    next.byExpiry.set([order.expiresAtMs, order.orderId], order);
    next.openCountByUser.set(order.userId, (next.openCountByUser.get(order.userId) ?? 0) + 1);
  }
  return next;
}

/** Removes open orders; throws on one that is not open, so nothing leaves the schedule twice. */
export function removeMicroOrders(schedule: MicroSchedule, orders: readonly MicroOrder[]): MicroSchedule {
  const next = cloneOf(schedule);
  const leftOfUser = new Map<bigint, number>();
  let low: ExpiryKey | undefined;
  let high: ExpiryKey | undefined;
  for (const order of orders) {
    // open means its id maps to its own expiry; the id leaves first, so an order given twice throws too
    if (next.expiresAtMsById.get(order.orderId) !== order.expiresAtMs) throw new Error(`order ${order.orderId} is not open`);
    next.expiresAtMsById.delete(order.orderId);
    const key: ExpiryKey = [order.expiresAtMs, order.orderId];
    if (!low || byExpiryThenId(key, low) < 0) low = key;
    if (!high || byExpiryThenId(key, high) > 0) high = key;
    leftOfUser.set(order.userId, (leftOfUser.get(order.userId) ?? next.openCountByUser.get(order.userId) ?? 0) - 1);
  }
  if (!low || !high) return next;
  // a settled batch is usually every key from its first to its last (the earliest expiries): then
  // one range deletion, not a deletion an order. Every order is open and given once, so the range
  // held only them when it held as many; else the tree before the deletion is taken back
  let byExpiry = next.byExpiry.clone();
  if (byExpiry.deleteRange(low, high, true) !== orders.length) {
    byExpiry = next.byExpiry;
    for (const order of orders) byExpiry.delete([order.expiresAtMs, order.orderId]);
  }
  for (const [userId, left] of leftOfUser) {
    if (left > 0) next.openCountByUser.set(userId, left);
    else next.openCountByUser.delete(userId);
  }
  return { ...next, byExpiry };
}
