import {
  checkMicroSubmit,
  formatUnits,
  formatUnitsShort,
  MICRO_GENESIS_TIP,
  tickAtOrBefore,
  verifyChain,
  SYSTEM_ACCOUNTS,
  type MicroChainBreak,
  type MicroChainTip,
  type MicroOrder,
  type PriceLookup,
  type PriceTick,
} from '@tidemark/core';
import { limits, type ErrorCode } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { lockUser } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { nativeSha256Hex } from '../../hash';
import { Rejection } from '../../rejection';
import { presentPage } from '../common/present';
import { isCurrentTerm } from '../leadership/service';
import { postTransaction, postTransactions } from '../ledger/service';
import { accountOf, legsOf } from '../ledger/legs';
import type { AccountRef, LegLog } from '../ledger/types';
import { closedOrderRow, openedOrderColumns, orderOf, presentOrder, presentRecord, recordOf } from './present';
import { hashHex, type MicroSettleBatch, type Settled } from './batch';
import * as q from './queries';

/** The payable currencies with their presets and the user's micro balance in each. */
export async function payableCurrencies(db: Db, userId: bigint) {
  const [currencies, presets, balances] = await Promise.all([
    q.selectPayableCurrencies(db),
    q.selectPresets(db),
    q.selectMicroBalances(db, userId),
  ]);
  return currencies.map((c) => ({
    id: Number(c.id),
    name: c.name,
    micro_numbers: presets.filter((p) => p.currency_id === c.id).map((p) => ({ number: formatUnits(p.number_units) })),
    micro_trade_fee: formatUnits(c.fee_percent_units),
    micro_min: formatUnits(c.min_units),
    micro_max: formatUnits(c.max_units),
    user_wallet: { micro_with_insurance: formatUnits(balances.get(c.id) ?? 0n) },
  }));
}

export async function secondsOptions(db: Db) {
  const rows = await q.selectSecondsOptions(db);
  return rows.map((r) => ({ seconds: Number(r.seconds), profit_ratio: formatUnits(r.profit_ratio_units), status: Number(r.status) }));
}

const SUBMIT_LOG: LegLog = { category: 'micro', text: 'micro_stake' };
const SETTLE_LOG: LegLog = { category: 'micro', text: 'micro_settled' };

export interface MicroSubmit {
  userId: bigint;
  pairId: bigint;
  currencyId: bigint;
  direction: 'up' | 'down';
  seconds: number;
  number: string;
  /** the pair's latest trade from the feed, as this process's market view has it, with the leader term whose feed made it */
  latestTick: (PriceTick & { term: bigint }) | undefined;
  /** the request's Idempotency-Key as the ledger carries it (`http:<user>:<key>`), when it has one */
  ledgerKey?: string | undefined;
}

/**
 * Places a micro order: judged by the core's rules, then in one transaction the stake frozen
 * and the fee paid through the ledger, the order written and its open tick recorded. The caller
 * wakes the settler after the commit.
 */
export async function submitMicroOrder(db: Db, input: MicroSubmit, nowMs: number): Promise<bigint> {
  return inTransaction(db, async (trx) => {
    // a trade of an earlier leader's feed (a stalled leader's, or a quiet pair's last from before a
    // takeover) may be missing from the record the current leader settles by: recorded now, it
    // could change an end price already settled. Shared-locked, a new term begins only after this
    // order commits, and the new leader reads its tick with the rest of the record. Read before
    // the user's row, as engine writes prove their term first: a new term waiting for both never
    // closes a circle of waits between them
    if (input.latestTick && !(await isCurrentTerm(trx, input.latestTick.term))) throw new Rejection('micro_price_stale');
    await lockUser(trx, input.userId);
    const [pairOpen, currency, option, balances, openOrders] = await Promise.all([
      q.selectPairOpen(trx, input.pairId),
      q.selectMicroCurrency(trx, input.currencyId),
      q.selectSecondsOption(trx, input.seconds),
      q.selectMicroBalances(trx, input.userId),
      q.countOpenOrders(trx, input.userId),
    ]);
    const checked = checkMicroSubmit(
      {
        // the database gives the id; the core only carries it
        orderId: 0n,
        userId: input.userId,
        direction: input.direction,
        number: input.number,
        pair: { pairId: input.pairId, microOpen: pairOpen },
        currency: currency && {
          currencyId: currency.currency_id,
          payable: currency.payable === 1n,
          minUnits: currency.min_units,
          maxUnits: currency.max_units,
          feePercentUnits: currency.fee_percent_units,
        },
        secondsOption: option && {
          seconds: Number(option.seconds),
          profitRatioPercentUnits: option.profit_ratio_units,
          enabled: option.status === 1n,
        },
        latestTick: input.latestTick,
        availableUnits: balances.get(input.currencyId) ?? 0n,
        openOrdersOfUser: openOrders,
      },
      { openOrdersPerUserMax: limits.microOpenOrdersPerUserMax, priceStaleAfterMs: limits.microPriceStaleAfterMs },
      nowMs,
    );
    if ('rejection' in checked) {
      const code: ErrorCode = checked.rejection;
      throw new Rejection(code, {
        // every digit the limit has: a minimum of 0.001 BTC is not "0.00"
        min: formatUnitsShort(currency?.min_units ?? 0n),
        max: formatUnitsShort(currency?.max_units ?? 0n),
      });
    }
    const { order, postings } = checked;
    const orderId = await q.insertOrder(trx, { ...openedOrderColumns(order), status: q.MICRO_STATUS.open });
    // the open tick is a real feed tick: recorded here too, so it survives a leader that dies before its flush
    await q.insertTickIfAbsent(trx, { pair_id: order.pairId, time_ms: BigInt(order.openTick.atMs), price_units: order.openTick.priceUnits });
    await postTransaction(
      trx,
      {
        kind: 'micro_submit',
        reference: `micro_order:${orderId}`,
        ...(input.ledgerKey ? { idempotencyKey: input.ledgerKey } : {}),
        legs: legsOf(postings, 'micro', SUBMIT_LOG),
      },
      nowMs,
    );
    return orderId;
  });
}

export async function microOrderList(
  db: Db,
  query: { userId: bigint; status: number; pairId?: bigint | undefined; page: number; limit: number },
  nowMs: number,
) {
  const { total, data } = await q.selectUserOrders(db, { ...query, status: BigInt(query.status) });
  return presentPage({ data, total }, query, (row) => presentOrder(row, nowMs));
}

/**
 * An order's settlement record and the recorded ticks around its open and its end: those up to
 * each tick it used, and the first after its opening and after its expiry (so a trader sees the
 * price it used was the last before them, and what came next did not count).
 */
export async function settlementRecord(db: Db, orderId: bigint) {
  const row = await q.selectSettlementOfOrder(db, orderId);
  if (!row) throw new Rejection('micro_record_not_found');
  const record = recordOf(row);
  const { microRecordTicksBefore: before, microRecordTicksAfter: after } = limits;
  const tick = (t: { time_ms: bigint; price_units: bigint }) => ({ price: formatUnits(t.price_units), time: Number(t.time_ms) });
  const [openTicks, afterOpen, endTicks, afterEnd] = await Promise.all([
    q.selectTicksBetween(db, record.pairId, record.openTickMs - 60_000, record.openTickMs, before),
    q.selectTicksAfter(db, record.pairId, record.openedAtMs, record.expiresAtMs, after),
    q.selectTicksBetween(db, record.pairId, record.openTickMs, record.expiresAtMs, before),
    q.selectTicksAfter(db, record.pairId, record.expiresAtMs, Number.MAX_SAFE_INTEGER, after),
  ]);
  return { record: presentRecord(record), open_ticks: [...openTicks, ...afterOpen].map(tick), end_ticks: [...endTicks, ...afterEnd].map(tick) };
}

// --- for the leader's settler (engine/micro) ---

/** Open orders, those with an id above `afterId` (the orders accepted since a read) or all. */
export async function openMicroOrders(db: Db, afterId = 0n): Promise<MicroOrder[]> {
  return (await q.selectOpenOrders(db, afterId)).map(orderOf);
}

export async function microChainTip(db: Db): Promise<MicroChainTip> {
  return (await microSettledTip(db)).tip;
}

/**
 * The chain's tip, and the expiry of its last settlement: orders settle in expiry order, so every
 * price at or before it has been judged by (settled orders are the whole record up to there).
 */
export async function microSettledTip(db: Db): Promise<{ tip: MicroChainTip; settledUpToMs: number }> {
  const last = await q.selectLastSettlement(db);
  return last
    ? { tip: { seq: last.seq, hash: hashHex(last.hash) }, settledUpToMs: Number(last.expires_at_ms) }
    : { tip: MICRO_GENESIS_TIP, settledUpToMs: Number.NEGATIVE_INFINITY };
}

/** A trade the settler records: the price of its pair at that millisecond. */
export interface MicroTick {
  pairId: bigint;
  atMs: number;
  priceUnits: bigint;
}

export function recordMicroTicks(db: Db, ticks: readonly MicroTick[]): Promise<void> {
  if (ticks.length === 0) return Promise.resolve();
  return inTransaction(db, (trx) =>
    q.upsertTicks(trx, ticks.map((t) => ({ pair_id: t.pairId, time_ms: BigInt(t.atMs), price_units: t.priceUnits }))),
  );
}

/** Asked instants of a pair closer than this are read with one range of ticks. */
const TICK_SPAN_GAP_MS = 10_000;

/**
 * The recorded price at or before each asked instant, looked up in memory. The asks of a pair
 * are grouped into spans of instants less than 10 s apart; each span costs two queries (the tick
 * at or before its start, and every tick after it up to its end), so a batch of orders expiring
 * together costs a few queries, not one an order.
 */
export async function recordedPrices(db: Db, asks: readonly { pairId: bigint; atMs: number }[], unwritten: readonly MicroTick[] = []): Promise<PriceLookup> {
  const instants = new Map<bigint, number[]>();
  for (const { pairId, atMs } of asks) {
    const times = instants.get(pairId);
    if (times) times.push(atMs);
    else instants.set(pairId, [atMs]);
  }
  const ticksOf = new Map<bigint, PriceTick[]>();
  for (const [pairId, times] of instants) {
    times.sort((a, b) => a - b);
    const spans: { fromMs: number; toMs: number }[] = [];
    for (const atMs of times) {
      const last = spans.at(-1);
      if (last && atMs - last.toMs < TICK_SPAN_GAP_MS) last.toMs = atMs;
      else spans.push({ fromMs: atMs, toMs: atMs });
    }
    const ticks: PriceTick[] = [];
    for (const { fromMs, toMs } of spans) {
      const [first, rest] = await Promise.all([q.selectTickAtOrBefore(db, pairId, fromMs), q.selectTicksAfter(db, pairId, fromMs, toMs)]);
      for (const t of [...(first ? [first] : []), ...rest]) {
        const atMs = Number(t.time_ms);
        // spans ascend; a span's first tick may repeat the previous span's last
        if (atMs > (ticks.at(-1)?.atMs ?? -Infinity)) ticks.push({ priceUnits: t.price_units, atMs });
      }
    }
    ticksOf.set(pairId, ticks);
  }
  // trades handed to the writer with batches not yet committed: as the writer will record them (a
  // trade of a millisecond recorded already replaces its price)
  for (const [pairId, ticks] of ticksOf) {
    const pending = unwritten.filter((t) => t.pairId === pairId);
    if (pending.length === 0) continue;
    const byMs = new Map(ticks.map((t) => [t.atMs, t]));
    for (const t of pending) byMs.set(t.atMs, { priceUnits: t.priceUnits, atMs: t.atMs });
    ticksOf.set(pairId, [...byMs.values()].sort((a, b) => a.atMs - b.atMs));
  }
  return (pairId, atMs) => tickAtOrBefore(ticksOf.get(pairId) ?? [], atMs);
}

/**
 * Persists a batch of settlements in one transaction: each order closed (only if still open)
 * with its record (a unique seq, so records commit in chain order), its payout its own ledger
 * transaction. Throws, rolling the whole batch back, when the stored chain does not end at the
 * batch's tip (a batch before it failed, or another settler wrote) or an order was not open: the
 * caller must rebuild from the database.
 */
export async function persistMicroSettlements(db: Db, batch: MicroSettleBatch, ticks: readonly MicroTick[], nowMs: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await recordMicroTicks(trx, ticks);
    const { seq, hash } = await microChainTip(trx);
    if (seq !== batch.tip.seq || hash !== batch.tip.hash) throw new Error(`micro settlement batch after seq ${batch.tip.seq} does not follow the chain, which ends at seq ${seq}`);
    const n = batch.orderIds.length;
    if ((await q.closeOrders(trx, batch, nowMs)) !== n) throw new Error('micro orders of the batch were not all open: settled elsewhere');
    // the batch's leg columns as the ledger's, each leg's account an index into the few accounts named
    const accounts: AccountRef[] = [];
    const indexByCurrency = new Map<bigint, Map<bigint, number>>();
    const legAccounts = new Uint32Array(batch.legAccounts.length);
    const references = new Array<string>(n);
    for (let i = 0, leg = 0; i < n; i++) {
      const userId = batch.userIds[i]!;
      references[i] = `micro_order:${batch.orderIds[i]}`;
      for (const end = leg + batch.legCounts[i]!; leg < end; leg++) {
        const system = batch.legAccounts[leg]!;
        const currencyId = batch.legCurrencyIds[leg]!;
        let indexes = indexByCurrency.get(currencyId);
        if (!indexes) indexByCurrency.set(currencyId, (indexes = new Map()));
        // user ids are positive: a system account stands negated beside them
        const key = system === 0 ? userId : -BigInt(system);
        let index = indexes.get(key);
        if (index === undefined) {
          const account = system === 0 ? { owner: userId } : { system: SYSTEM_ACCOUNTS[system - 1]! };
          indexes.set(key, (index = accounts.push(accountOf(account, 'micro', currencyId)) - 1));
        }
        legAccounts[leg] = index;
      }
    }
    await postTransactions(
      trx,
      { kind: 'micro_settle', references, legCounts: batch.legCounts, accounts, legAccounts, legFrozen: batch.legFrozen, legDeltaUnits: batch.legDeltaUnits, log: SETTLE_LOG },
      nowMs,
    );
  });
}

/**
 * Settled orders with their owners, as `closed_microorder` carries them: built from the batch
 * just committed (what it wrote) and the names of their pairs and currencies.
 */
export async function settledOrderRows(db: Db, events: readonly Settled[]) {
  if (events.length === 0) return [];
  const pairIds = new Set<bigint>();
  const currencyIds = new Set<bigint>();
  for (const { order } of events) {
    pairIds.add(order.pairId);
    currencyIds.add(order.currencyId);
  }
  const names = await q.selectOrderNames(db, [...pairIds], [...currencyIds]);
  // a batch's orders mostly share a pair and a currency: their names are looked up once a run;
  // and a few stakes, fees, ratios and prices (presets, the ticks of a second): each formatted once
  const formatted = new Map<bigint, string>();
  const format = (units: bigint) => {
    let text = formatted.get(units);
    if (text === undefined) formatted.set(units, (text = formatUnits(units)));
    return text;
  };
  let named: { pairId: bigint; currencyId: bigint; names: Parameters<typeof closedOrderRow>[1] } | undefined;
  return events.map((event) => {
    const { order } = event;
    if (named?.pairId !== order.pairId || named.currencyId !== order.currencyId) {
      const pair = names.pairs.get(order.pairId);
      named = {
        pairId: order.pairId,
        currencyId: order.currencyId,
        names: { symbol_name: `${pair?.base_name ?? ''}/${pair?.legal_name ?? ''}`, currency_name: names.currencies.get(order.currencyId) ?? '' },
      };
    }
    return { userId: order.userId, row: closedOrderRow(event, named.names, format) };
  });
}

/**
 * Re-checks the whole chain against the recorded ticks and the ledger's payouts, page by page.
 * Empty when sound; otherwise every break, named.
 */
export async function verifyMicroChain(db: Db, pageSize = 1000): Promise<{ records: number; breaks: MicroChainBreak[] }> {
  const [payouts, acceptedAtMs] = await Promise.all([q.selectLedgerPayouts(db), q.selectLedgerAcceptances(db)]);
  const breaks: MicroChainBreak[] = [];
  let tip = MICRO_GENESIS_TIP;
  let records = 0;
  const seen = new Set<bigint>();
  for (;;) {
    const rows = await q.selectSettlements(db, tip.seq, pageSize);
    if (rows.length === 0) break;
    const page = rows.map(recordOf);
    // the prices the page's checks ask for, fetched ahead: the core's lookup is synchronous
    const priceAt = await recordedPrices(db, page.flatMap((r) => [{ pairId: r.pairId, atMs: r.openTickMs }, { pairId: r.pairId, atMs: r.expiresAtMs }]));
    const pagePayouts = new Map(page.map((r) => [r.orderId, payouts.get(r.orderId)] as const).filter((e): e is [bigint, bigint] => e[1] !== undefined));
    const found = verifyChain(page, { priceAt, payouts: pagePayouts, acceptedAtMs, openTickMaxAgeMs: limits.microPriceStaleAfterMs }, tip, nativeSha256Hex);
    // record_missing is judged once over the whole chain below
    breaks.push(...found.filter((b) => b.kind !== 'record_missing'));
    for (const r of page) seen.add(r.orderId);
    records += page.length;
    const last = page.at(-1)!;
    tip = { seq: last.seq, hash: last.hash };
  }
  for (const orderId of payouts.keys()) {
    if (!seen.has(orderId)) breaks.push({ kind: 'record_missing', orderId, message: `order ${orderId}: settled in the ledger but has no record` });
  }
  // an order closed without a settlement keeps its stake frozen: the ledger alone does not show it
  for (const orderId of await q.selectClosedWithoutRecord(db)) {
    if (!payouts.has(orderId)) breaks.push({ kind: 'record_missing', orderId, message: `order ${orderId}: closed but has no record and no settlement` });
  }
  return { records, breaks };
}

/** Open orders due by `atMs`: the settler takes any it does not hold (a wake it missed). */
export async function dueOpenMicroOrders(db: Db, atMs: number, limit: number): Promise<MicroOrder[]> {
  return (await q.selectDueOpenOrders(db, atMs, limit)).map(orderOf);
}

/** Pairs open for micro options: the settler records their trades. */
export const microPairIds = (db: Db): Promise<bigint[]> => q.selectMicroPairIds(db);
