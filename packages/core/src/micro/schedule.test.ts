import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMicroOrders,
  dueMicroOrders,
  emptyMicroSchedule,
  findOpenMicroOrder,
  nextMicroExpiryMs,
  openMicroOrderCount,
  openMicroOrders,
  openMicroOrdersOfUser,
  removeMicroOrders,
} from './schedule';
import type { MicroOrder } from './types';

const params = process.env.SEED ? { seed: Number(process.env.SEED) } : {};

const order = (orderId: bigint, expiresAtMs: number, userId = 1n) => ({ orderId, expiresAtMs, userId }) as MicroOrder;
const ids = (orders: readonly MicroOrder[]) => orders.map((o) => o.orderId);

describe('micro schedule', () => {
  it('gives due orders by expiry, then id, and only those due', () => {
    const s = addMicroOrders(emptyMicroSchedule(), [order(3n, 2_000), order(1n, 3_000), order(2n, 2_000), order(4n, 1_000)]);
    expect(ids(dueMicroOrders(s, 999))).toEqual([]);
    expect(ids(dueMicroOrders(s, 2_000))).toEqual([4n, 2n, 3n]);
    expect(ids(dueMicroOrders(s, 5_000, 2))).toEqual([4n, 2n]);
    expect(nextMicroExpiryMs(s)).toBe(1_000);
    expect(nextMicroExpiryMs(emptyMicroSchedule())).toBeUndefined();
  });

  it('is persistent: a change leaves the schedule it came from as it was', () => {
    const before = addMicroOrders(emptyMicroSchedule(), [order(1n, 1_000), order(2n, 2_000, 2n)]);
    const after = removeMicroOrders(addMicroOrders(before, [order(3n, 500)]), [order(2n, 2_000, 2n)]);
    expect(ids(openMicroOrders(before))).toEqual([1n, 2n]);
    expect(ids(openMicroOrders(after))).toEqual([3n, 1n]);
    expect(openMicroOrdersOfUser(before, 2n)).toBe(1);
    expect(openMicroOrdersOfUser(after, 2n)).toBe(0);
    expect(findOpenMicroOrder(before, 2n)?.orderId).toBe(2n);
    expect(findOpenMicroOrder(after, 2n)).toBeUndefined();
  });

  it('refuses to add an open id or remove one that is not open: nothing leaves twice', () => {
    const s = addMicroOrders(emptyMicroSchedule(), [order(1n, 1_000)]);
    expect(() => addMicroOrders(s, [order(1n, 9_000)])).toThrow(/already open/);
    const removed = removeMicroOrders(s, [order(1n, 1_000)]);
    expect(() => removeMicroOrders(removed, [order(1n, 1_000)])).toThrow(/not open/);
  });

  it('agrees with a sorted list under random adds and removals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 3 })), {
          maxLength: 200,
        }),
        (ops) => {
          let s = emptyMicroSchedule();
          let model: MicroOrder[] = [];
          let nextId = 1n;
          for (const [add, expiresAtMs, userId] of ops) {
            if (add || model.length === 0) {
              const o = order(nextId++, expiresAtMs, BigInt(userId));
              s = addMicroOrders(s, [o]);
              model.push(o);
            } else {
              const victim = model[expiresAtMs % model.length]!;
              s = removeMicroOrders(s, [victim]);
              model = model.filter((o) => o !== victim);
            }
          }
          const sorted = [...model].sort((a, b) => a.expiresAtMs - b.expiresAtMs || Number(a.orderId - b.orderId));
          expect(ids(openMicroOrders(s))).toEqual(ids(sorted));
          expect(openMicroOrderCount(s)).toBe(model.length);
          for (const userId of [0n, 1n, 2n, 3n]) {
            expect(openMicroOrdersOfUser(s, userId)).toBe(model.filter((o) => o.userId === userId).length);
          }
          expect(ids(dueMicroOrders(s, 25))).toEqual(ids(sorted.filter((o) => o.expiresAtMs <= 25)));
          // the due ones leave together (a run of keys), then every other one (not a run)
          const due = dueMicroOrders(s, 25);
          const rest = removeMicroOrders(s, due);
          expect(ids(openMicroOrders(rest))).toEqual(ids(sorted.filter((o) => o.expiresAtMs > 25)));
          const everyOther = openMicroOrders(rest).filter((_, i) => i % 2 === 0);
          const thinned = removeMicroOrders(rest, everyOther);
          expect(ids(openMicroOrders(thinned))).toEqual(ids(openMicroOrders(rest).filter((_, i) => i % 2 === 1)));
          for (const userId of [0n, 1n, 2n, 3n]) {
            expect(openMicroOrdersOfUser(thinned, userId)).toBe(openMicroOrders(thinned).filter((o) => o.userId === userId).length);
          }
          expect(openMicroOrderCount(s)).toBe(model.length);
        },
      ),
      params,
    );
  });
});
