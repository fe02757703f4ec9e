import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mustParseUnits as U } from '../money';
import {
  MICRO_GENESIS_HASH,
  canonicalMicroRecord,
  hashMicroRecord,
  recordMicroSettlement,
  verifyChain,
  type MicroChainBreakKind,
  type MicroSettlementRecord,
} from './record';
import { microPayout, settleMicroOrder } from './settle';
import { checkMicroSubmit } from './submit';
import { LIMITS, NOW_MS, runWorld, submitInput, worldArb } from './testing';
import type { PriceLookup } from './types';

// fast-check prints the seed of a failing run; SEED=<n> replays it
const params = process.env.SEED ? { seed: Number(process.env.SEED) } : {};

function firstRecord(): MicroSettlementRecord {
  const out = checkMicroSubmit(submitInput(), LIMITS, NOW_MS);
  if ('rejection' in out) throw new Error(out.rejection);
  const { settlement } = settleMicroOrder(out.order, { priceUnits: U('67000.5'), atMs: NOW_MS + 29_500 });
  return recordMicroSettlement({ seq: 0n, hash: MICRO_GENESIS_HASH }, out.order, settlement);
}

describe('settlement records', () => {
  it('serialise canonically and hash with sha-256 (a pinned example any language can rebuild)', () => {
    const record = firstRecord();
    const { hash, ...body } = record;
    expect(canonicalMicroRecord(body)).toBe(
      '["tidemark/micro-settlement/1","1","1","2","3","up","30","10000000000","8000000000","1748779200000","1748779230000",' +
        '"6700000000000","1748779199000","6700050000000","1748779229500","win","18000000000","8000000000",' +
        `"${MICRO_GENESIS_HASH}"]`,
    );
    // sha256 of the line above, computed with coreutils' sha256sum
    expect(hash).toBe('687cbdead398756ece4ee362a3f348e7fb9b5cbe8e4a518f33936bcd83ef9599');
    expect(hashMicroRecord(body)).toBe(hash);
  });

  it('write the canonical text as JSON of every field as a string, for any record', () => {
    const big = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
    const ms = fc.integer({ min: 0, max: 2 ** 52 });
    const recordArb = fc.record({
      seq: big, orderId: big, pairId: big, currencyId: big,
      direction: fc.constantFrom('up' as const, 'down' as const),
      seconds: fc.integer(), numberUnits: big, profitRatioPercentUnits: big,
      openedAtMs: ms, expiresAtMs: ms, openPriceUnits: big, openTickMs: ms, endPriceUnits: big, endTickMs: ms,
      outcome: fc.constantFrom('win' as const, 'draw' as const, 'loss' as const),
      payoutUnits: big, factProfitsUnits: big, prevHash: fc.string(),
    });
    fc.assert(
      fc.property(recordArb, (r) => {
        const fields = [r.seq, r.orderId, r.pairId, r.currencyId, r.direction, r.seconds, r.numberUnits, r.profitRatioPercentUnits, r.openedAtMs, r.expiresAtMs, r.openPriceUnits, r.openTickMs, r.endPriceUnits, r.endTickMs, r.outcome, r.payoutUnits, r.factProfitsUnits, r.prevHash];
        expect(canonicalMicroRecord(r)).toBe(JSON.stringify(['tidemark/micro-settlement/1', ...fields].map(String)));
      }),
      params,
    );
  });

  it('chain each record to the one before it', () => {
    const first = firstRecord();
    const out = checkMicroSubmit(submitInput({ orderId: 2n, direction: 'down' }), LIMITS, NOW_MS);
    if ('rejection' in out) throw new Error(out.rejection);
    const second = recordMicroSettlement(
      first,
      out.order,
      settleMicroOrder(out.order, { priceUnits: U('67000.5'), atMs: NOW_MS + 29_500 }).settlement,
    );
    expect(second.seq).toBe(2n);
    expect(second.prevHash).toBe(first.hash);
    expect(second.outcome).toBe('loss');
  });
});

type Tamper =
  | 'end_price_in_place'
  | 'end_price_rehashed'
  | 'open_price_rehashed'
  | 'expiry_rehashed'
  | 'open_look_ahead'
  | 'shifted_rehashed'
  | 'payout_in_place'
  | 'payout_rehashed'
  | 'ledger_payout'
  | 'stored_price'
  | 'remove'
  | 'remove_rehashed'
  | 'swap'
  | 'repeat';

/** What a forger who also rewrites every later hash would produce from `records`. */
function relink(records: readonly MicroSettlementRecord[]): MicroSettlementRecord[] {
  let previous = { seq: 0n, hash: MICRO_GENESIS_HASH };
  return records.map(({ hash: _hash, ...body }) => {
    const relinked = { ...body, seq: previous.seq + 1n, prevHash: previous.hash };
    const record = { ...relinked, hash: hashMicroRecord(relinked) };
    previous = record;
    return record;
  });
}

function tamper(
  kind: Tamper,
  records: MicroSettlementRecord[],
  i: number,
  priceAt: PriceLookup,
  payouts: Map<bigint, bigint>,
): {
  records: MicroSettlementRecord[];
  priceAt: PriceLookup;
  payouts: Map<bigint, bigint>;
  expected: MicroChainBreakKind[];
} {
  const r = records[i]!;
  const edit = (changes: Partial<MicroSettlementRecord>, rehash: boolean) => {
    const edited = records.map((x, j) => (j === i ? { ...x, ...changes } : x));
    return rehash ? relink(edited) : edited;
  };
  const same = { priceAt, payouts };
  switch (kind) {
    case 'end_price_in_place':
      return {
        ...same,
        records: edit({ endPriceUnits: r.endPriceUnits + 1n }, false),
        expected: ['hash_mismatch', 'end_price_mismatch'],
      };
    case 'end_price_rehashed':
      return {
        ...same,
        records: edit({ endPriceUnits: r.endPriceUnits + 1n }, true),
        expected: ['end_price_mismatch'],
      };
    case 'open_price_rehashed':
      return {
        ...same,
        records: edit({ openPriceUnits: r.openPriceUnits - 1n }, true),
        expected: ['open_price_mismatch'],
      };
    case 'expiry_rehashed': {
      // a later expiry chosen for a better end price, its record and every later hash rewritten
      const expiresAtMs = r.expiresAtMs + 1_000;
      const end = priceAt(r.pairId, expiresAtMs)!;
      const forged = edit({ expiresAtMs, endTickMs: end.atMs, endPriceUnits: end.priceUnits }, true);
      return { ...same, records: forged, expected: ['window_mismatch'] };
    }
    case 'open_look_ahead': {
      // opened at a price from after the opening, the last before the expiry: it knows where the price went
      const later = priceAt(r.pairId, r.expiresAtMs)!;
      if (later.atMs > r.openedAtMs) {
        return { ...same, records: edit({ openTickMs: later.atMs, openPriceUnits: later.priceUnits }, true), expected: ['window_mismatch'] };
      }
      return { ...same, records: edit({ openTickMs: r.openedAtMs + 1 }, true), expected: ['window_mismatch', 'open_price_mismatch'] };
    }
    case 'shifted_rehashed': {
      // the whole order moved a second later in time, its prices taken again from the record there:
      // consistent with the prices, but not with when the ledger took its stake
      const openedAtMs = r.openedAtMs + 1_000;
      const open = priceAt(r.pairId, openedAtMs)!;
      const end = priceAt(r.pairId, r.expiresAtMs + 1_000)!;
      const { outcome, payoutUnits, factProfitsUnits } = microPayout(r, open.priceUnits, end.priceUnits);
      const forged = edit(
        {
          openedAtMs,
          expiresAtMs: r.expiresAtMs + 1_000,
          openTickMs: open.atMs,
          openPriceUnits: open.priceUnits,
          endTickMs: end.atMs,
          endPriceUnits: end.priceUnits,
          outcome,
          payoutUnits,
          factProfitsUnits,
        },
        true,
      );
      return { ...same, records: forged, expected: ['opened_mismatch'] };
    }
    case 'payout_in_place':
      return {
        ...same,
        records: edit({ payoutUnits: r.payoutUnits + 1n }, false),
        expected: ['hash_mismatch', 'payout_rule_mismatch', 'payout_ledger_mismatch'],
      };
    case 'payout_rehashed':
      return {
        ...same,
        records: edit({ payoutUnits: r.payoutUnits + 1n }, true),
        expected: ['payout_rule_mismatch', 'payout_ledger_mismatch'],
      };
    case 'ledger_payout':
      return {
        priceAt,
        records,
        payouts: new Map(payouts).set(r.orderId, r.payoutUnits + 1n),
        expected: ['payout_ledger_mismatch'],
      };
    case 'stored_price': {
      // the stored tick the order ended at is edited in the price table
      const forged: PriceLookup = (pairId, atMs) => {
        const tick = priceAt(pairId, atMs);
        return tick && pairId === r.pairId && tick.atMs === r.endTickMs
          ? { ...tick, priceUnits: tick.priceUnits + 1n }
          : tick;
      };
      return { records, payouts, priceAt: forged, expected: ['end_price_mismatch'] };
    }
    case 'remove': {
      const expected: MicroChainBreakKind[] =
        i < records.length - 1 ? ['record_missing', 'link_broken', 'seq_gap'] : ['record_missing'];
      return { ...same, records: records.filter((_, j) => j !== i), expected };
    }
    case 'remove_rehashed':
      return { ...same, records: relink(records.filter((_, j) => j !== i)), expected: ['record_missing'] };
    case 'swap': {
      const j = i === records.length - 1 ? i - 1 : i + 1;
      const swapped = [...records];
      [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
      return { ...same, records: swapped, expected: ['link_broken', 'seq_gap'] };
    }
    case 'repeat':
      return { ...same, records: relink([...records, r]), expected: ['order_repeated'] };
  }
}

describe('verifyChain', () => {
  it('names every break: an edited price, an edited payout, a removed, moved or repeated record', () => {
    const tampers: Tamper[] = [
      'end_price_in_place',
      'end_price_rehashed',
      'open_price_rehashed',
      'expiry_rehashed',
      'open_look_ahead',
      'shifted_rehashed',
      'payout_in_place',
      'payout_rehashed',
      'ledger_payout',
      'stored_price',
      'remove',
      'remove_rehashed',
      'swap',
      'repeat',
    ];
    fc.assert(
      fc.property(worldArb, fc.constantFrom(...tampers), fc.nat(), (spec, kind, pick) => {
        const world = runWorld(spec);
        fc.pre(world.records.length >= 2);
        const payouts = new Map(world.settled.map(({ event }) => [event.order.orderId, event.settlement.payoutUnits]));
        const acceptedAtMs = new Map(world.settled.map(({ event }) => [event.order.orderId, event.order.openedAtMs]));
        const facts = { acceptedAtMs, openTickMaxAgeMs: LIMITS.priceStaleAfterMs };
        expect(verifyChain(world.records, { ...facts, priceAt: world.priceAt, payouts })).toEqual([]);
        const i = pick % world.records.length;
        const forged = tamper(kind, world.records, i, world.priceAt, payouts);
        const breaks = verifyChain(forged.records, { ...facts, priceAt: forged.priceAt, payouts: forged.payouts });
        const found = new Set(breaks.map((b) => b.kind));
        for (const expected of forged.expected) expect(found, `${kind} on record ${i}`).toContain(expected);
        // the edited order itself is named
        if (kind !== 'swap') expect(breaks.some((b) => b.orderId === world.records[i]!.orderId)).toBe(true);
      }),
      { numRuns: 200, ...params },
    );
    // whole simulated markets: slower than one example on a busy machine
  }, 60_000);

  it('reports each break as a sentence naming the record and the order', () => {
    const record = firstRecord();
    const payouts = new Map([[record.orderId, record.payoutUnits + 5n]]);
    const priceAt: PriceLookup = (_pairId, atMs) =>
      atMs >= record.endTickMs
        ? { priceUnits: record.endPriceUnits, atMs: record.endTickMs }
        : { priceUnits: record.openPriceUnits, atMs: record.openTickMs };
    expect(verifyChain([record], { priceAt, payouts, openTickMaxAgeMs: LIMITS.priceStaleAfterMs })).toEqual([
      {
        kind: 'payout_ledger_mismatch',
        seq: 1n,
        orderId: 1n,
        message: 'record 1 (order 1): says 180.00000000 paid, the ledger paid 180.00000005',
      },
    ]);
  });
});
