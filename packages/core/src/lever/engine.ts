// The leveraged-contract engine: one pure step per command. Its state is a book (`LeverBook`); the
// book a step returns shares untouched tree nodes with the one it was given (sorted-btree's
// copy-on-write clone), so the old book stays valid: the server persists the events, and only then
// keeps the new book (if the ledger refuses a submit's postings, it keeps the old one and nothing
// happened). A submit is judged by `checkLeverSubmit`, which needs only the pair, its last tick and
// the user's live counts, so the server can judge one without the engine's book.
//
// Prices, as the server must store them:
// - market submit: opens at the pair's last tick plus spread (long) or minus spread (short);
// - limit submit: margin and fee are taken at placement, on the limit plus or minus spread; a
//   limit the price already reached opens at once at the last tick instead (never worse than asked);
// - a pending limit fills when a tick reaches it (long: price <= limit, short: price >= limit), at
//   its placed open price, like a resting limit order; the tick's price and time are recorded;
// - take-profit, stop-loss and liquidation close at the price of the tick that reached them (a gap
//   closes at the gapped price; a loss past the margin is the house's, never the trader's);
// - a manual close settles at the last tick; no spread on any close.
import { BTree, compareKeys, treeFromSorted } from '../btree';
import type { Step, Stepped, StepContext } from '../engine';
import {
  applySpread,
  checkLeverStops,
  liquidationPriceOf,
  maintenanceMarginOf,
  quoteLever,
  settleLever,
} from './formulas';
import { cancelPostings, closePostings, openPostings } from './postings';
import {
  addTriggers,
  armedAtMs,
  cloneTriggerBook,
  emptyTriggerBook,
  firedAt,
  triggerBookOf,
  removeTriggers,
  triggerCount,
  type TriggerBook,
  type TriggerKey,
  type TriggerKind,
} from './triggers';
import type {
  LeverCloseReason,
  LeverCommand,
  LeverDirection,
  LeverEvent,
  LeverOrder,
  LeverPairConfig,
  LeverRejection,
  LeverTick,
} from './types';

export interface LeverPairState {
  config: LeverPairConfig;
  lastTick: LeverTick | null;
  triggers: TriggerBook;
}

export interface LiveCounts {
  entrusts: number;
  positions: number;
}

/** The engine's whole state: pairs with their trigger books, and every live (pending or open) order. */
export interface LeverBook {
  pairs: ReadonlyMap<bigint, LeverPairState>;
  orders: BTree<bigint, LeverOrder>;
  /** live orders per pair and user, for the caps */
  counts: BTree<string, LiveCounts>;
}

export type LeverStepResult = Stepped<LeverBook, LeverEvent, LeverRejection>;

/** What a submit gives when it passes: the order opened at once or placed as an entrust. */
export type LeverSubmitted = Extract<LeverEvent, { type: 'lever_order_opened' | 'lever_order_placed' }>;

const PERCENT_100_UNITS = 100n * 100_000_000n;

function assertConfig(config: LeverPairConfig): void {
  const problems = [
    config.multiples.length === 0 || config.multiples.some((m) => !Number.isSafeInteger(m) || m < 1) ? 'multiples' : '',
    !Number.isSafeInteger(config.handsMin) || config.handsMin < 1 || config.handsMax < config.handsMin ? 'hands' : '',
    config.contractSizeUnits <= 0n ? 'contract size' : '',
    config.spreadPercentUnits < 0n || config.spreadPercentUnits >= PERCENT_100_UNITS ? 'spread' : '',
    config.feePercentUnits < 0n || config.feePercentUnits >= PERCENT_100_UNITS ? 'fee' : '',
    config.maintenancePercentUnits < 0n || config.maintenancePercentUnits >= PERCENT_100_UNITS ? 'maintenance' : '',
    config.stopRangeUnits < 0n ? 'stop range' : '',
  ].filter(Boolean);
  if (problems.length > 0) throw new RangeError(`lever pair ${config.pairId}: invalid ${problems.join(', ')}`);
}

/** A book with the given pairs and no orders; follow with `restore` after a restart. */
export function createLeverBook(pairs: readonly LeverPairConfig[]): LeverBook {
  const states = new Map<bigint, LeverPairState>();
  for (const config of pairs) {
    assertConfig(config);
    states.set(config.pairId, { config, lastTick: null, triggers: emptyTriggerBook() });
  }
  return { pairs: states, orders: new BTree<bigint, LeverOrder>(undefined, compareKeys), counts: new BTree<string, LiveCounts>(undefined, compareKeys) };
}

export const leverOrder = (book: LeverBook, orderId: bigint): LeverOrder | undefined => book.orders.get(orderId);

/** Live orders in id order. */
export const leverOrders = (book: LeverBook): IterableIterator<LeverOrder> => book.orders.values();

const countKey = (pairId: bigint, userId: bigint) => `${pairId}:${userId}`;

/** A working copy of a book: trees cloned (O(1)) on first write, edits keep orders, counts and triggers in step. */
class Draft {
  private readonly orders: BTree<bigint, LeverOrder>;
  private readonly counts: BTree<string, LiveCounts>;
  private readonly pairs: Map<bigint, LeverPairState>;
  private readonly clonedPairs = new Set<bigint>();

  constructor(book: LeverBook) {
    this.orders = book.orders.clone();
    this.counts = book.counts.clone();
    this.pairs = new Map(book.pairs);
  }

  pair(pairId: bigint): LeverPairState {
    const state = this.pairs.get(pairId);
    if (!state) throw new Error(`unknown lever pair ${pairId}`);
    return state;
  }

  setLastTick(pairId: bigint, lastTick: LeverTick): void {
    this.pairs.set(pairId, { ...this.pair(pairId), lastTick });
  }

  private triggers(pairId: bigint): TriggerBook {
    if (!this.clonedPairs.has(pairId)) {
      const state = this.pair(pairId);
      this.pairs.set(pairId, { ...state, triggers: cloneTriggerBook(state.triggers) });
      this.clonedPairs.add(pairId);
    }
    return this.pair(pairId).triggers;
  }

  private count(order: LeverOrder, by: number): void {
    const key = countKey(order.pairId, order.userId);
    const current = this.counts.get(key) ?? { entrusts: 0, positions: 0 };
    const next =
      order.status === 0
        ? { ...current, entrusts: current.entrusts + by }
        : { ...current, positions: current.positions + by };
    if (next.entrusts === 0 && next.positions === 0) this.counts.delete(key);
    else this.counts.set(key, next);
  }

  insert(order: LeverOrder): void {
    if (!this.orders.set(order.id, order, false)) throw new Error(`lever order ${order.id} is already live`);
    addTriggers(this.triggers(order.pairId), order);
    this.count(order, 1);
  }

  remove(order: LeverOrder): void {
    if (!this.orders.delete(order.id)) throw new Error(`lever order ${order.id} is not live`);
    removeTriggers(this.triggers(order.pairId), order);
    this.count(order, -1);
  }

  /** the live orders as edited so far */
  liveOrders(): BTree<bigint, LeverOrder> {
    return this.orders;
  }

  /** puts the order in, in place of any version of it the book holds */
  put(order: LeverOrder): void {
    const previous = this.orders.get(order.id);
    // a look often reads again an order the book holds as it is (named by a wake, read as new before)
    if (previous && sameOrder(previous, order)) return;
    if (previous) this.remove(previous);
    this.insert(order);
  }

  /** takes the order out if the book holds it */
  drop(orderId: bigint): void {
    const previous = this.orders.get(orderId);
    if (previous) this.remove(previous);
  }

  replace(previous: LeverOrder, next: LeverOrder): void {
    this.remove(previous);
    this.insert(next);
  }

  done(): LeverBook {
    return { pairs: this.pairs, orders: this.orders, counts: this.counts };
  }
}

/** Whether two versions of an order agree in every field (all of them plain values). */
function sameOrder(a: LeverOrder, b: LeverOrder): boolean {
  for (const key in b) if (a[key as keyof LeverOrder] !== b[key as keyof LeverOrder]) return false;
  return true;
}

/** The pair's last tick, or why a trade cannot be priced now. */
function currentTick({ config, lastTick }: Pick<LeverPairState, 'config' | 'lastTick'>, nowMs: number): LeverTick | LeverRejection {
  if (!lastTick) return 'lever_no_price';
  if (nowMs - lastTick.atMs > config.priceMaxAgeMs) return 'lever_price_stale';
  return lastTick;
}

/**
 * The lever submit check, pure: judges a submit on the pair's settings, its last tick and how many
 * live orders the user holds on the pair, and gives the order with its postings (margin frozen,
 * fee paid) or a refusal. `stepLever`'s submit is this check and the book's own duplicate guard,
 * so the server, judging a submit without the engine's book, decides exactly as the engine would.
 */
export function checkLeverSubmit(
  config: LeverPairConfig,
  lastTick: LeverTick | null,
  live: LiveCounts,
  command: Extract<LeverCommand, { type: 'submit' }>,
  { nowMs }: StepContext,
): LeverSubmitted | { rejection: LeverRejection } {
  if (command.pairId !== config.pairId || !config.isOpen) return { rejection: 'lever_pair_closed' };
  if (command.direction !== 1 && command.direction !== 2) return { rejection: 'lever_type_invalid' };
  const direction: LeverDirection = command.direction;
  if (command.entryMode !== 0 && command.entryMode !== 1) return { rejection: 'lever_status_invalid' };
  if (!config.multiples.includes(command.multiple)) return { rejection: 'lever_multiple_invalid' };
  if (!Number.isSafeInteger(command.hands) || command.hands < 1) return { rejection: 'lever_hands_not_integer' };
  if (command.hands < config.handsMin || command.hands > config.handsMax) return { rejection: 'lever_hands_out_of_range' };
  const tick = currentTick({ config, lastTick }, nowMs);
  if (typeof tick === 'string') return { rejection: tick };
  if (command.entryMode === 0 && command.limitPriceUnits <= 0n) return { rejection: 'lever_price_invalid' };

  // A limit the price has already reached fills at once, at the current price (never worse than asked).
  const reached =
    command.entryMode === 1 ||
    (direction === 1 ? command.limitPriceUnits >= tick.priceUnits : command.limitPriceUnits <= tick.priceUnits);
  const originPriceUnits = reached ? tick.priceUnits : command.limitPriceUnits;
  const openPriceUnits = applySpread(originPriceUnits, direction, config.spreadPercentUnits);
  if (openPriceUnits <= 0n) return { rejection: 'lever_price_invalid' };
  const quoted = quoteLever({
    openPriceUnits,
    hands: command.hands,
    contractSizeUnits: config.contractSizeUnits,
    multiple: command.multiple,
    feePercentUnits: config.feePercentUnits,
  });
  if (!quoted.ok) return { rejection: quoted.reason };
  const { quantityUnits, valueUnits, marginUnits, feeUnits } = quoted.quote;
  const maintenanceMarginUnits = maintenanceMarginOf(marginUnits, config.maintenancePercentUnits);
  if (maintenanceMarginUnits >= marginUnits) return { rejection: 'lever_margin_too_small' };
  const stopProblem = checkLeverStops({
    direction,
    openPriceUnits,
    currentPriceUnits: tick.priceUnits,
    rangeUnits: config.stopRangeUnits,
    takeProfitUnits: command.takeProfitUnits,
    stopLossUnits: command.stopLossUnits,
    position: false,
  });
  if (stopProblem) return { rejection: stopProblem };
  if (reached ? live.positions >= config.positionsPerUserMax : live.entrusts >= config.entrustsPerUserMax) {
    return { rejection: reached ? 'lever_positions_limit' : 'lever_entrusts_limit' };
  }

  const order: LeverOrder = {
    id: command.orderId,
    userId: command.userId,
    pairId: command.pairId,
    currencyId: config.currencyId,
    direction,
    entryMode: command.entryMode,
    status: reached ? 1 : 0,
    multiple: command.multiple,
    hands: command.hands,
    quantityUnits,
    originPriceUnits,
    openPriceUnits,
    valueUnits,
    marginUnits,
    feeUnits,
    maintenanceMarginUnits,
    liquidationPriceUnits: liquidationPriceOf({ direction, openPriceUnits, quantityUnits, marginUnits, maintenanceMarginUnits }),
    takeProfitUnits: command.takeProfitUnits,
    stopLossUnits: command.stopLossUnits,
    submittedAtMs: nowMs,
    openedAtMs: reached ? nowMs : null,
    openTickPriceUnits: reached ? tick.priceUnits : null,
    openTickAtMs: reached ? tick.atMs : null,
    stopsSetAtMs: nowMs,
  };
  return { type: reached ? 'lever_order_opened' : 'lever_order_placed', order, postings: openPostings(order) };
}

function submit(book: LeverBook, command: Extract<LeverCommand, { type: 'submit' }>, nowMs: number): LeverStepResult {
  const state = book.pairs.get(command.pairId);
  if (!state) return { rejection: 'lever_pair_closed' };
  const live = book.counts.get(countKey(command.pairId, command.userId)) ?? { entrusts: 0, positions: 0 };
  const checked = checkLeverSubmit(state.config, state.lastTick, live, command, { nowMs });
  if ('rejection' in checked) return checked;
  if (book.orders.has(command.orderId)) return { rejection: 'lever_order_exists' };
  const draft = new Draft(book);
  draft.insert(checked.order);
  return { state: draft.done(), events: [checked] };
}

/** Finds the caller's live order; another user's id answers as not found, a missing one as `missing`. */
function ownLiveOrder(
  book: LeverBook,
  orderId: bigint,
  userId: bigint,
  status: 0 | 1,
): LeverOrder | LeverRejection {
  const wrongState: LeverRejection = status === 0 ? 'lever_order_not_pending' : 'lever_order_not_open';
  const order = book.orders.get(orderId);
  // The engine holds live orders only: a closed or revoked order is simply not here.
  if (!order) return wrongState;
  if (order.userId !== userId) return 'lever_order_not_found';
  return order.status === status ? order : wrongState;
}

function closeOrder(
  draft: Draft,
  order: LeverOrder,
  reason: LeverCloseReason,
  tick: LeverTick,
  nowMs: number,
): LeverEvent {
  draft.remove(order);
  const settlement = settleLever(order, tick.priceUnits);
  return {
    type: 'lever_order_closed',
    order,
    close: {
      reason,
      closePriceUnits: tick.priceUnits,
      closeTickAtMs: tick.atMs,
      closedAtMs: nowMs,
      ...settlement,
    },
    postings: closePostings(order, settlement),
  };
}

const REASON_OF: Record<Exclude<TriggerKind, 'entry'>, LeverCloseReason> = {
  take_profit: 'take_profit',
  stop_loss: 'stop_loss',
  liquidation: 'liquidation',
};

/**
 * Which of several triggers one tick reached closes the position: the one the price crossed
 * first. A long's take-profit fires on a rise and its stop-loss and liquidation on a fall (a short
 * the reverse), and a take-profit lies above the price a stop-loss lies under, so only stop-loss
 * and liquidation can meet: on a long's fall the higher one was crossed first (a stop that follows
 * the price may lie above the open price), on a short's rise the lower one; at the same price the
 * trader's own stop-loss wins over liquidation. The payout is the same either way: the tick price.
 */
export function closeReasonOf(order: LeverOrder, fired: readonly TriggerKey[]): LeverCloseReason {
  const long = order.direction === 1;
  const crossedBefore = (a: TriggerKey, b: TriggerKey) => (long ? a.priceUnits > b.priceUnits : a.priceUnits < b.priceUnits);
  let best: TriggerKey | undefined;
  for (const key of fired) {
    if (key.kind === 'entry') continue;
    if (!best || crossedBefore(key, best) || (key.priceUnits === best.priceUnits && best.kind === 'liquidation')) best = key;
  }
  if (!best || best.kind === 'entry') throw new Error(`no close trigger for order ${order.id}`);
  return REASON_OF[best.kind];
}

function tick(book: LeverBook, command: Extract<LeverCommand, { type: 'tick' }>, nowMs: number): LeverStepResult {
  const state = book.pairs.get(command.pairId);
  if (!state || command.priceUnits <= 0n || !Number.isFinite(command.atMs)) return { rejection: 'lever_tick_invalid' };
  if (state.lastTick && command.atMs < state.lastTick.atMs) return { rejection: 'lever_tick_stale' };
  const lastTick: LeverTick = { priceUnits: command.priceUnits, atMs: command.atMs };
  const armed = (orders: BTree<bigint, LeverOrder>) => (key: TriggerKey) => armedAtMs(orders.get(key.orderId)!, key.kind) <= lastTick.atMs;
  const fired = firedAt(state.triggers, lastTick.priceUnits).filter(armed(book.orders));
  if (fired.length === 0) {
    // the common case: no tree is touched, only the pair's last price
    const pairs = new Map(book.pairs);
    pairs.set(command.pairId, { ...state, lastTick });
    return { state: { ...book, pairs }, events: [] };
  }

  const draft = new Draft(book);
  draft.setLastTick(command.pairId, lastTick);
  const events: LeverEvent[] = [];
  // Entrusts first: a fill enters the indexes and may meet its own stop in this same tick.
  for (const key of fired) {
    if (key.kind !== 'entry') continue;
    const pending = book.orders.get(key.orderId)!;
    const filled: LeverOrder = {
      ...pending,
      status: 1,
      openedAtMs: nowMs,
      openTickPriceUnits: lastTick.priceUnits,
      openTickAtMs: lastTick.atMs,
    };
    draft.replace(pending, filled);
    events.push({ type: 'lever_order_filled', order: filled });
  }
  const afterFills = events.length > 0 ? firedAt(draft.pair(command.pairId).triggers, lastTick.priceUnits).filter(armed(draft.liveOrders())) : fired;
  const byOrder = new Map<bigint, TriggerKey[]>();
  for (const key of afterFills) {
    if (key.kind === 'entry') continue;
    const keys = byOrder.get(key.orderId);
    if (keys) keys.push(key);
    else byOrder.set(key.orderId, [key]);
  }
  const closing = [...byOrder.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const filledNow = new Map(events.map((e) => [e.order.id, e.order]));
  for (const orderId of closing) {
    const order = filledNow.get(orderId) ?? book.orders.get(orderId)!;
    events.push(closeOrder(draft, order, closeReasonOf(order, byOrder.get(orderId)!), lastTick, nowMs));
  }
  return { state: draft.done(), events };
}

function restore(book: LeverBook, orders: readonly LeverOrder[]): LeverStepResult {
  const byPair = new Map<bigint, LeverOrder[]>([...book.pairs.keys()].map((id) => [id, []]));
  const counts = new Map<string, LiveCounts>();
  for (const order of orders) {
    const pairOrders = byPair.get(order.pairId);
    if (!pairOrders) throw new Error(`order ${order.id} is on unknown lever pair ${order.pairId}`);
    if (order.status !== 0 && order.status !== 1) throw new Error(`order ${order.id} is not live`);
    pairOrders.push(order);
    const key = countKey(order.pairId, order.userId);
    const current = counts.get(key) ?? { entrusts: 0, positions: 0 };
    counts.set(key, order.status === 0 ? { ...current, entrusts: current.entrusts + 1 } : { ...current, positions: current.positions + 1 });
  }
  // bulk-built trees: a restart with a million positions is a sort, not a million inserts
  const sorted = [...orders].sort((a, b) => compareKeys(a.id, b.id));
  sorted.forEach((order, i) => {
    if (i > 0 && sorted[i - 1]!.id === order.id) throw new Error(`order ${order.id} is restored twice`);
  });
  const countKeys = [...counts.keys()].sort(compareKeys);
  return {
    state: {
      pairs: new Map([...book.pairs].map(([id, state]) => [id, { ...state, triggers: triggerBookOf(byPair.get(id)!) }])),
      orders: treeFromSorted(
        sorted.map((o) => o.id),
        sorted,
        compareKeys,
      ),
      counts: treeFromSorted(
        countKeys,
        countKeys.map((k) => counts.get(k)!),
        compareKeys,
      ),
    },
    events: [],
  };
}

/** One engine step: a new book and the events to persist, or a refusal that changes nothing. */
export const stepLever = ((book: LeverBook, command: LeverCommand, { nowMs }: StepContext): LeverStepResult => {
  switch (command.type) {
    case 'submit':
      return submit(book, command, nowMs);
    case 'cancel': {
      const order = ownLiveOrder(book, command.orderId, command.userId, 0);
      if (typeof order === 'string') return { rejection: order };
      const draft = new Draft(book);
      draft.remove(order);
      const postings = cancelPostings(order);
      return { state: draft.done(), events: [{ type: 'lever_order_cancelled', order, cancelledAtMs: nowMs, postings }] };
    }
    case 'close': {
      const order = ownLiveOrder(book, command.orderId, command.userId, 1);
      if (typeof order === 'string') return { rejection: order };
      const price = currentTick(book.pairs.get(order.pairId)!, nowMs);
      if (typeof price === 'string') return { rejection: price };
      const draft = new Draft(book);
      const event = closeOrder(draft, order, 'manual', price, nowMs);
      return { state: draft.done(), events: [event] };
    }
    case 'setstop': {
      const order = ownLiveOrder(book, command.orderId, command.userId, 1);
      if (typeof order === 'string') return { rejection: order };
      const state = book.pairs.get(order.pairId)!;
      const price = currentTick(state, nowMs);
      if (typeof price === 'string') return { rejection: price };
      const stopProblem = checkLeverStops({
        direction: order.direction,
        openPriceUnits: order.openPriceUnits,
        currentPriceUnits: price.priceUnits,
        rangeUnits: state.config.stopRangeUnits,
        takeProfitUnits: command.takeProfitUnits,
        stopLossUnits: command.stopLossUnits,
        position: true,
      });
      if (stopProblem) return { rejection: stopProblem };
      const next: LeverOrder = { ...order, takeProfitUnits: command.takeProfitUnits, stopLossUnits: command.stopLossUnits, stopsSetAtMs: nowMs };
      const draft = new Draft(book);
      draft.replace(order, next);
      return { state: draft.done(), events: [{ type: 'lever_stops_set', order: next }] };
    }
    case 'tick':
      return tick(book, command, nowMs);
    case 'restore':
      return restore(book, command.orders);
    case 'refresh': {
      const draft = new Draft(book);
      for (const orderId of command.gone) draft.drop(orderId);
      for (const order of command.orders) {
        if (order.status !== 0 && order.status !== 1) throw new Error(`order ${order.id} is not live`);
        draft.put(order);
      }
      return { state: draft.done(), events: [] };
    }
    case 'configure': {
      assertConfig(command.pair);
      const pairs = new Map(book.pairs);
      const previous = book.pairs.get(command.pair.pairId);
      // live orders settle in the currency they opened in, against this pair's system accounts
      if (previous && previous.config.currencyId !== command.pair.currencyId && triggerCount(previous.triggers) > 0) {
        throw new Error(`lever pair ${command.pair.pairId} has live orders: its currency cannot change`);
      }
      pairs.set(command.pair.pairId, {
        config: command.pair,
        lastTick: previous?.lastTick ?? null,
        triggers: previous?.triggers ?? emptyTriggerBook(),
      });
      return { state: { ...book, pairs }, events: [] };
    }
  }
}) satisfies Step<LeverBook, LeverCommand, LeverEvent, LeverRejection>;
