import type { Step, Stepped, StepContext } from '../engine';
import type { Posting } from '../ledger';
import { MICRO_GENESIS_TIP, recordMicroSettlement, type MicroChainTip, type MicroSettlementRecord, type Sha256Hex } from './record';
import {
  addMicroOrders,
  dueMicroOrders,
  emptyMicroSchedule,
  findOpenMicroOrder,
  openMicroOrdersOfUser,
  removeMicroOrders,
  type MicroSchedule,
} from './schedule';
import { settleMicroOrder, type MicroSettlement } from './settle';
import { checkMicroSubmit, type MicroSubmitInput } from './submit';
import type { MicroLimits, MicroOrder, MicroRejection, PriceLookup } from './types';

export interface MicroState {
  limits: MicroLimits;
  schedule: MicroSchedule;
  /** the last settlement record: the next one chains to it */
  chainTip: MicroChainTip;
}

/** A fresh engine, or one after a restart continuing the persisted chain; `restore` then loads the open orders. */
export function createMicroState(limits: MicroLimits, chainTip: MicroChainTip = MICRO_GENESIS_TIP): MicroState {
  return { limits, schedule: emptyMicroSchedule(), chainTip };
}

export type MicroCommand =
  /** a new order; the engine counts the user's open orders itself */
  | ({ type: 'submit' } & Omit<MicroSubmitInput, 'openOrdersOfUser'>)
  /**
   * settles every order expired by now, in expiry order, at most `limit` (a batch), each at the
   * recorded price at its own end time. `priceAt` must be final up to `nowMs`: pass as now the time
   * up to which every tick is recorded, not the wall clock, or a late tick would change an end price.
   */
  | { type: 'settleDue'; priceAt: PriceLookup; limit?: number; /** the records' digest; the portable one by default */ hash?: Sha256Hex }
  /**
   * loads persisted open orders: after a restart, a leader change, or to take over orders another
   * process accepted. Orders already open are left as they are, so loading twice is harmless;
   * due ones settle on the next settleDue. Only orders not yet settled may be passed: the server
   * closes an order, posts its payout and appends its record in one transaction.
   */
  | { type: 'restore'; orders: readonly MicroOrder[] };

export type MicroEvent =
  /** persist the order and its postings in one transaction */
  | { type: 'accepted'; order: MicroOrder; postings: Posting[] }
  /** persist the order's close, its postings and the record in one transaction */
  | { type: 'settled'; order: MicroOrder; settlement: MicroSettlement; postings: Posting[]; record: MicroSettlementRecord }
  /** due, but no price is recorded at its end time yet: it stays open and is retried */
  | { type: 'price_missing'; orderId: bigint; expiresAtMs: number }
  | { type: 'restored'; orderIds: bigint[]; alreadyOpenOrderIds: bigint[] };

export type MicroStep = Stepped<MicroState, MicroEvent, MicroRejection>;

/** The micro engine: pure, so the server persists what it decided and replays nothing. */
export const stepMicro = ((state: MicroState, command: MicroCommand, { nowMs }: StepContext): MicroStep => {
  switch (command.type) {
    case 'submit': {
      if (findOpenMicroOrder(state.schedule, command.orderId)) return { rejection: 'micro_order_duplicate' };
      const { type: _type, ...input } = command;
      const userOpenOrders = openMicroOrdersOfUser(state.schedule, command.userId);
      const checked = checkMicroSubmit({ ...input, openOrdersOfUser: userOpenOrders }, state.limits, nowMs);
      if ('rejection' in checked) return checked;
      return {
        state: { ...state, schedule: addMicroOrders(state.schedule, [checked.order]) },
        events: [{ type: 'accepted', order: checked.order, postings: checked.postings }],
      };
    }
    case 'settleDue': {
      const events: MicroEvent[] = [];
      const settled: MicroOrder[] = [];
      // the last record is the tip the next chains to: a tip of its own only once, at the end
      let last: MicroChainTip = state.chainTip;
      for (const order of dueMicroOrders(state.schedule, nowMs, command.limit)) {
        const endTick = command.priceAt(order.pairId, order.expiresAtMs);
        if (!endTick) {
          events.push({ type: 'price_missing', orderId: order.orderId, expiresAtMs: order.expiresAtMs });
          continue;
        }
        const { settlement, postings } = settleMicroOrder(order, endTick);
        const record = recordMicroSettlement(last, order, settlement, command.hash);
        last = record;
        settled.push(order);
        events.push({ type: 'settled', order, settlement, postings, record });
      }
      if (settled.length === 0) return { state, events };
      const chainTip: MicroChainTip = { seq: last.seq, hash: last.hash };
      return { state: { ...state, schedule: removeMicroOrders(state.schedule, settled), chainTip }, events };
    }
    case 'restore': {
      const fresh: MicroOrder[] = [];
      const alreadyOpenOrderIds: bigint[] = [];
      const seen = new Set<bigint>();
      for (const order of command.orders) {
        if (!isWellFormed(order)) return { rejection: 'micro_order_invalid' };
        if (seen.has(order.orderId)) return { rejection: 'micro_order_duplicate' };
        seen.add(order.orderId);
        const open = findOpenMicroOrder(state.schedule, order.orderId);
        if (!open) fresh.push(order);
        else if (sameOrder(open, order)) alreadyOpenOrderIds.push(order.orderId);
        else return { rejection: 'micro_order_duplicate' };
      }
      return {
        state: fresh.length === 0 ? state : { ...state, schedule: addMicroOrders(state.schedule, fresh) },
        events: [{ type: 'restored', orderIds: fresh.map((o) => o.orderId), alreadyOpenOrderIds }],
      };
    }
  }
}) satisfies Step<MicroState, MicroCommand, MicroEvent, MicroRejection>;

/** The fields of a persisted order hold together: settlement could not go wrong on them. */
function isWellFormed(o: MicroOrder): boolean {
  return (
    Number.isInteger(o.seconds) &&
    o.seconds > 0 &&
    o.expiresAtMs === o.openedAtMs + o.seconds * 1000 &&
    o.openTick.atMs <= o.expiresAtMs &&
    o.numberUnits > 0n &&
    o.feeUnits >= 0n &&
    o.profitRatioPercentUnits >= 0n &&
    o.openTick.priceUnits > 0n
  );
}

function sameOrder(a: MicroOrder, b: MicroOrder): boolean {
  const keys = Object.keys(a) as (keyof MicroOrder)[];
  return keys.every((k) =>
    k === 'openTick'
      ? a.openTick.atMs === b.openTick.atMs && a.openTick.priceUnits === b.openTick.priceUnits
      : a[k] === b[k],
  );
}
