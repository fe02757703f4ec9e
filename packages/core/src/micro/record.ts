import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { formatUnits } from '../money';
import { microPayout, type MicroSettlement } from './settle';
import type { MicroDirection, MicroOrder, MicroOutcome, PriceLookup } from './types';

/**
 * One settlement, as anyone may re-check it: the order's terms, its open and end ticks, what it
 * paid, and the hash of the record before it. Holds no user or account: it can be published.
 */
export interface MicroSettlementRecord {
  /** 1, 2, 3, ... in settlement order */
  seq: bigint;
  orderId: bigint;
  pairId: bigint;
  currencyId: bigint;
  direction: MicroDirection;
  seconds: number;
  numberUnits: bigint;
  profitRatioPercentUnits: bigint;
  openedAtMs: number;
  expiresAtMs: number;
  openPriceUnits: bigint;
  openTickMs: number;
  endPriceUnits: bigint;
  endTickMs: number;
  outcome: MicroOutcome;
  payoutUnits: bigint;
  factProfitsUnits: bigint;
  prevHash: string;
  /** sha-256 of `canonicalMicroRecord`, lowercase hex */
  hash: string;
}

/** Where the chain is: the last record's seq and hash (0 and the genesis hash before the first). */
export interface MicroChainTip {
  seq: bigint;
  hash: string;
}

export const MICRO_GENESIS_HASH = '0'.repeat(64);
export const MICRO_GENESIS_TIP: MicroChainTip = { seq: 0n, hash: MICRO_GENESIS_HASH };

const FORMAT = 'tidemark/micro-settlement/1';

/**
 * The bytes a record's hash covers: a JSON array of a format tag and every field but `hash` as
 * a string, in a fixed order. Integers in decimal, so any language can rebuild it. Written out
 * by hand (the same text as JSON.stringify of the strings): a settler hashes a record per order.
 */
export function canonicalMicroRecord(record: Omit<MicroSettlementRecord, 'hash'>): string {
  const r = record;
  // only the direction, outcome and previous hash are text; JSON.stringify quotes them
  return `["${FORMAT}","${r.seq}","${r.orderId}","${r.pairId}","${r.currencyId}",${JSON.stringify(r.direction)},"${r.seconds}","${r.numberUnits}","${r.profitRatioPercentUnits}","${r.openedAtMs}","${r.expiresAtMs}","${r.openPriceUnits}","${r.openTickMs}","${r.endPriceUnits}","${r.endTickMs}",${JSON.stringify(r.outcome)},"${r.payoutUnits}","${r.factProfitsUnits}",${JSON.stringify(r.prevHash)}]`;
}

/** SHA-256 of a text's UTF-8 bytes as lowercase hex. */
export type Sha256Hex = (text: string) => string;

/** The portable SHA-256, anywhere; a server may pass its runtime's native one instead (the same digest, several times faster). */
export const sha256Hex: Sha256Hex = (text) => bytesToHex(sha256(utf8ToBytes(text)));

export const hashMicroRecord = (record: Omit<MicroSettlementRecord, 'hash'>, hash: Sha256Hex = sha256Hex): string =>
  hash(canonicalMicroRecord(record));

/** The record of a settlement, chained after `tip`. */
export function recordMicroSettlement(
  tip: MicroChainTip,
  order: MicroOrder,
  settlement: MicroSettlement,
  hash: Sha256Hex = sha256Hex,
): MicroSettlementRecord {
  const record: MicroSettlementRecord = {
    seq: tip.seq + 1n,
    orderId: order.orderId,
    pairId: order.pairId,
    currencyId: order.currencyId,
    direction: order.direction,
    seconds: order.seconds,
    numberUnits: order.numberUnits,
    profitRatioPercentUnits: order.profitRatioPercentUnits,
    openedAtMs: order.openedAtMs,
    expiresAtMs: order.expiresAtMs,
    openPriceUnits: order.openTick.priceUnits,
    openTickMs: order.openTick.atMs,
    endPriceUnits: settlement.endTick.priceUnits,
    endTickMs: settlement.endTick.atMs,
    outcome: settlement.outcome,
    payoutUnits: settlement.payoutUnits,
    factProfitsUnits: settlement.factProfitsUnits,
    prevHash: tip.hash,
    hash: '',
  };
  // the canonical text leaves `hash` out: filled in place, no copy of the record an order
  record.hash = hashMicroRecord(record, hash);
  return record;
}

export type MicroChainBreakKind =
  /** the record's content does not match its hash: edited in place */
  | 'hash_mismatch'
  /** prevHash is not the previous record's hash: a record removed, inserted or moved */
  | 'link_broken'
  /** seq does not follow the previous record's: a record removed or moved */
  | 'seq_gap'
  /**
   * the expiry is not `seconds` after the opening, or the open tick is not a price the order could
   * have opened at: after the opening, or older than the submit's freshness limit
   */
  | 'window_mismatch'
  /** the opening is not when the ledger took the order's stake: the order moved in time */
  | 'opened_mismatch'
  /** the open price or tick is not the recorded tick at that time */
  | 'open_price_mismatch'
  /** the end price or tick is not the last recorded tick at the order's expiry */
  | 'end_price_mismatch'
  /** the outcome, payout or fact_profits do not follow from the prices by the rule */
  | 'payout_rule_mismatch'
  /** the ledger paid the order something else than the record says */
  | 'payout_ledger_mismatch'
  /** the ledger paid an order out, or the order is closed, and it has no record */
  | 'record_missing'
  /** an order settled twice */
  | 'order_repeated';

export interface MicroChainBreak {
  kind: MicroChainBreakKind;
  seq?: bigint;
  orderId: bigint;
  /** one plain sentence for the operator */
  message: string;
}

/** What a chain of records is checked against besides itself. */
export interface MicroChainFacts {
  /** the recorded prices */
  priceAt: PriceLookup;
  /** order id -> units the ledger returned to available at settlement (a lost order has 0) */
  payouts: ReadonlyMap<bigint, bigint>;
  /** order id -> when the ledger took the order's stake, its acceptance (an order absent is not checked) */
  acceptedAtMs?: ReadonlyMap<bigint, number>;
  /** how old the open tick may be at the opening: the submit's freshness limit */
  openTickMaxAgeMs: number;
}

/**
 * Re-checks a chain of records from `from` (the genesis by default) against the recorded prices
 * and the ledger, and names every break. Empty when the chain is sound.
 */
export function verifyChain(
  records: readonly MicroSettlementRecord[],
  { priceAt, payouts, acceptedAtMs, openTickMaxAgeMs }: MicroChainFacts,
  from: MicroChainTip = MICRO_GENESIS_TIP,
  hash: Sha256Hex = sha256Hex,
): MicroChainBreak[] {
  const breaks: MicroChainBreak[] = [];
  const seen = new Set<bigint>();
  let previous = from;
  for (const record of records) {
    const { seq, orderId } = record;
    const add = (kind: MicroChainBreakKind, message: string) =>
      breaks.push({ kind, seq, orderId, message: `record ${seq} (order ${orderId}): ${message}` });
    const { hash: recordedHash, ...body } = record;
    if (hashMicroRecord(body, hash) !== recordedHash) add('hash_mismatch', 'its content does not match its hash');
    if (record.prevHash !== previous.hash)
      add('link_broken', `it does not follow the record before it (seq ${previous.seq})`);
    if (seq !== previous.seq + 1n) add('seq_gap', `seq ${seq} follows seq ${previous.seq}`);
    if (seen.has(orderId)) add('order_repeated', 'the order was settled before');
    seen.add(orderId);

    if (record.expiresAtMs !== record.openedAtMs + record.seconds * 1000) {
      add(
        'window_mismatch',
        `opened at ${record.openedAtMs} for ${record.seconds} s but expires at ${record.expiresAtMs}`,
      );
    }
    if (record.openTickMs > record.openedAtMs || record.openedAtMs - record.openTickMs > openTickMaxAgeMs) {
      add(
        'window_mismatch',
        `opened at ${record.openedAtMs} at the price of ${record.openTickMs}, not the last price of the ${openTickMaxAgeMs} ms before`,
      );
    }
    const accepted = acceptedAtMs?.get(orderId);
    if (accepted !== undefined && accepted !== record.openedAtMs) {
      add('opened_mismatch', `opened at ${record.openedAtMs}, but the ledger took its stake at ${accepted}`);
    }
    const open = priceAt(record.pairId, record.openTickMs);
    if (open?.atMs !== record.openTickMs || open.priceUnits !== record.openPriceUnits) {
      add(
        'open_price_mismatch',
        `open ${price(record.openPriceUnits)} at ${record.openTickMs}, recorded ${describe(open)}`,
      );
    }
    const end = priceAt(record.pairId, record.expiresAtMs);
    if (end?.atMs !== record.endTickMs || end.priceUnits !== record.endPriceUnits) {
      add('end_price_mismatch', `end ${price(record.endPriceUnits)} at ${record.endTickMs}, recorded ${describe(end)}`);
    }
    const rule = microPayout(record, record.openPriceUnits, record.endPriceUnits);
    if (
      rule.outcome !== record.outcome ||
      rule.payoutUnits !== record.payoutUnits ||
      rule.factProfitsUnits !== record.factProfitsUnits
    ) {
      add(
        'payout_rule_mismatch',
        `says ${record.outcome} paying ${price(record.payoutUnits)}, the rule gives ${rule.outcome} paying ${price(rule.payoutUnits)}`,
      );
    }
    const paid = payouts.get(orderId);
    if (paid !== record.payoutUnits) {
      add(
        'payout_ledger_mismatch',
        `says ${price(record.payoutUnits)} paid, the ledger ${paid === undefined ? 'has no settlement' : `paid ${price(paid)}`}`,
      );
    }
    previous = { seq, hash: recordedHash };
  }
  for (const orderId of payouts.keys()) {
    if (!seen.has(orderId)) {
      breaks.push({
        kind: 'record_missing',
        orderId,
        message: `order ${orderId}: settled in the ledger but has no record`,
      });
    }
  }
  return breaks;
}

const price = (units: bigint): string => formatUnits(units);
const describe = (tick: { priceUnits: bigint; atMs: number } | undefined): string =>
  tick ? `${price(tick.priceUnits)} at ${tick.atMs}` : 'no tick';
