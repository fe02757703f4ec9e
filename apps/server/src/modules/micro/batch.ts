import { SYSTEM_ACCOUNTS, type MicroChainTip, type MicroEvent } from '@tidemark/core';

/** A settlement the core decided. */
export type Settled = Extract<MicroEvent, { type: 'settled' }>;

/**
 * A batch of settlements as the settler hands it to the writer: in chain order after `tip`, as
 * columns of 64-bit integers (the width of the database's columns) and the records' hashes as
 * bytes, so handing it to another thread copies a few buffers, not thousands of objects. Each
 * order's postings are its legs, in order: `legCounts[i]` of them.
 */
export interface MicroSettleBatch {
  tip: MicroChainTip;
  orderIds: BigInt64Array;
  userIds: BigInt64Array;
  endPriceUnits: BigInt64Array;
  endTickMs: BigInt64Array;
  payoutUnits: BigInt64Array;
  factProfitsUnits: BigInt64Array;
  profitResults: Int8Array;
  /** the records' hashes, 32 bytes each, as the database stores them */
  hashes: Uint8Array;
  legCounts: Uint8Array;
  /** each leg's account: 0 the order's owner, else the system account `SYSTEM_ACCOUNTS[n - 1]` */
  legAccounts: Uint8Array;
  legCurrencyIds: BigInt64Array;
  /** 1 frozen, 0 available */
  legFrozen: Uint8Array;
  legDeltaUnits: BigInt64Array;
}

const HASH_BYTES = 32;
const HASH_HEX = 2 * HASH_BYTES;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** A 64-bit typed array would wrap a larger value silently: no column of the database holds one either. */
function int64(value: bigint): bigint {
  if (value < INT64_MIN || value > INT64_MAX) throw new Error(`micro settlement: ${value} does not fit 64 bits`);
  return value;
}

/** Settlements the core decided, as the writer takes them; `tip` is the chain before the first. */
export function microSettleBatch(events: readonly Settled[], tip: MicroChainTip): MicroSettleBatch {
  const n = events.length;
  const legs = events.reduce((sum, e) => sum + e.postings.length, 0);
  const batch: MicroSettleBatch = {
    tip,
    orderIds: new BigInt64Array(n),
    userIds: new BigInt64Array(n),
    endPriceUnits: new BigInt64Array(n),
    endTickMs: new BigInt64Array(n),
    payoutUnits: new BigInt64Array(n),
    factProfitsUnits: new BigInt64Array(n),
    profitResults: new Int8Array(n),
    hashes: Buffer.alloc(n * HASH_BYTES),
    legCounts: new Uint8Array(n),
    legAccounts: new Uint8Array(legs),
    legCurrencyIds: new BigInt64Array(legs),
    legFrozen: new Uint8Array(legs),
    legDeltaUnits: new BigInt64Array(legs),
  };
  const hashes = batch.hashes as Buffer;
  let previous = tip;
  let leg = 0;
  events.forEach(({ order, settlement, postings, record }, i) => {
    // the writer derives each record's seq and previous hash from the tip: they must follow it
    if (record.seq !== previous.seq + 1n || record.prevHash !== previous.hash || record.hash.length !== HASH_HEX) {
      throw new Error(`micro settlement of order ${order.orderId}: its record does not follow the chain`);
    }
    previous = record;
    batch.orderIds[i] = int64(order.orderId);
    batch.userIds[i] = int64(order.userId);
    batch.endPriceUnits[i] = int64(settlement.endTick.priceUnits);
    batch.endTickMs[i] = BigInt(settlement.endTick.atMs);
    batch.payoutUnits[i] = int64(settlement.payoutUnits);
    batch.factProfitsUnits[i] = int64(settlement.factProfitsUnits);
    batch.profitResults[i] = settlement.profitResult;
    if (hashes.write(record.hash, i * HASH_BYTES, HASH_BYTES, 'hex') !== HASH_BYTES) throw new Error(`micro settlement of order ${order.orderId}: its hash is not hex`);
    batch.legCounts[i] = postings.length;
    for (const p of postings) {
      if ('owner' in p.account && p.account.owner !== order.userId) throw new Error(`micro settlement of order ${order.orderId}: a leg of another owner`);
      batch.legAccounts[leg] = 'owner' in p.account ? 0 : SYSTEM_ACCOUNTS.indexOf(p.account.system) + 1;
      batch.legCurrencyIds[leg] = int64(p.currencyId);
      batch.legFrozen[leg] = p.bucket === 'frozen' ? 1 : 0;
      batch.legDeltaUnits[leg] = int64(p.deltaUnits);
      leg++;
    }
  });
  return batch;
}

/** The record hash of a batch's i-th settlement as stored (a view, not a copy); i = -1 is the tip's. */
export const batchHash = (batch: MicroSettleBatch, i: number): Buffer =>
  i < 0 ? hashBytes(batch.tip.hash) : Buffer.from(batch.hashes.buffer, batch.hashes.byteOffset + i * HASH_BYTES, HASH_BYTES);

/** A record hash as stored: its 32 bytes. */
export const hashBytes = (hex: string): Buffer => Buffer.from(hex, 'hex');

/** A stored record hash as the records show it: lowercase hex. */
export const hashHex = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

