import { mustParseUnits } from '@tidemark/core';
import { CURRENCY_IDS, LEGAL_USDT_ID, limits } from '@tidemark/protocol';
import type { Db } from './database';
import type { CurrencyTable, PairTable } from './schema';

type SeedCurrency = Omit<CurrencyTable, 'logo' | 'sort' | 'dual_approval_units'>;

const BTC = BigInt(CURRENCY_IDS.BTC);
const ETH = BigInt(CURRENCY_IDS.ETH);
const USDT = BigInt(CURRENCY_IDS.USDT);

// BTC, ETH and USDT have the spec's default ids (the reference table); USDT is every pair's legal side.
const CURRENCIES: SeedCurrency[] = [
  { id: BTC, name: 'BTC', currency_type: 'btc', is_match: 1n, is_legal: 1n, is_lever: 1n, is_micro: 1n },
  { id: ETH, name: 'ETH', currency_type: 'eth', is_match: 1n, is_legal: 1n, is_lever: 1n, is_micro: 1n },
  { id: USDT, name: 'USDT', currency_type: 'erc20', is_match: 1n, is_legal: 1n, is_lever: 1n, is_micro: 1n },
  { id: 4n, name: 'BNB', currency_type: 'erc20', is_match: 1n, is_legal: 0n, is_lever: 0n, is_micro: 0n },
  { id: 5n, name: 'SOL', currency_type: 'erc20', is_match: 1n, is_legal: 0n, is_lever: 0n, is_micro: 0n },
  { id: 6n, name: 'XRP', currency_type: 'erc20', is_match: 1n, is_legal: 0n, is_lever: 0n, is_micro: 0n },
  { id: 7n, name: 'DOGE', currency_type: 'erc20', is_match: 1n, is_legal: 0n, is_lever: 0n, is_micro: 0n },
  { id: 8n, name: 'LTC', currency_type: 'btc', is_match: 1n, is_legal: 0n, is_lever: 0n, is_micro: 0n },
];

const GROUPS = [
  { id: 1n, name: 'USDT', sort: 1n },
  { id: 2n, name: 'Altcoins', sort: 2n },
];

// [id, group, base, reference price, contract size per hand, price tick, amount step]; match id 2 is
// BTC/USDT (spec default). The tick and step are the pair's precision everywhere: the feed, the
// spot rules, the book and every figure shown; tick x step is a whole quote unit (SpotPairRules).
const PAIRS: ReadonlyArray<[bigint, bigint, bigint, string, string, string, string]> = [
  [2n, 1n, BTC, '67000', '0.001', '0.01', '0.0001'],
  [1n, 1n, ETH, '3500', '0.01', '0.01', '0.001'],
  [3n, 1n, 4n, '600', '0.1', '0.01', '0.001'],
  [4n, 1n, 5n, '150', '1', '0.01', '0.01'],
  [5n, 2n, 6n, '0.6', '100', '0.0001', '1'],
  [6n, 2n, 7n, '0.15', '1000', '0.00001', '1'],
  [7n, 2n, 8n, '80', '1', '0.01', '0.01'],
];

// From the equivalent of this many USDT on, a deposit credit or a withdrawal needs a second staff
// member's approval: converted at the pair's reference price above (fixed, never the live one).
const DUAL_APPROVAL_USDT = mustParseUnits('1000');

/** A currency's default two-approval amount, cut to whole units of 1e-8. */
function dualApprovalUnits(currencyId: bigint): bigint {
  if (currencyId === USDT) return DUAL_APPROVAL_USDT;
  const pair = PAIRS.find(([, , base]) => base === currencyId);
  // a currency with no USDT price needs two approvals for every amount until staff set its own
  return pair ? (DUAL_APPROVAL_USDT * mustParseUnits('1')) / mustParseUnits(pair[3]) : 0n;
}

// [currency, min, max per withdrawal, fee percent, daily limit]
const WITHDRAW_LIMITS: ReadonlyArray<[bigint, string, string, string, string]> = [
  [BTC, '0.001', '10', '0.5', '20'],
  [ETH, '0.01', '100', '0.5', '200'],
  [USDT, '10', '100000', '1', '200000'],
];

// The networks each currency is deposited over. Staff set the addresses; until then an address
// is empty, answered as empty, and deposits over that network are not open.
const DEPOSIT_ADDRESSES: ReadonlyArray<[bigint, 'BTC' | 'ETH' | 'Trc20', string]> = [
  [BTC, 'BTC', ''],
  [ETH, 'ETH', ''],
  [USDT, 'ETH', ''],
  [USDT, 'Trc20', ''],
];

// micro options: pairs open for them, payable currencies [currency, min, max, fee percent, presets], expiries [seconds, profit ratio percent]
const MICRO_PAIRS: readonly bigint[] = [2n, 1n];
const MICRO_CURRENCIES: ReadonlyArray<[bigint, string, string, string, readonly string[]]> = [
  [USDT, '10', '100000', '1', ['10', '50', '100', '500', '1000', '5000', '10000', '50000']],
];
const MICRO_SECONDS: ReadonlyArray<[bigint, string]> = [
  [30n, '80'],
  [60n, '85'],
  [120n, '90'],
  [300n, '95'],
];

// spot market maker: [pair, rung size in base]; every pair quotes 10 rungs a side, 0.1% spread, 0.05% apart
const SPOT_MAKER_SIZES: ReadonlyArray<[bigint, string]> = [
  [2n, '0.05'],
  [1n, '0.5'],
  [3n, '2'],
  [4n, '8'],
  [5n, '2000'],
  [6n, '8000'],
  [7n, '15'],
];

const SETTINGS: Record<string, string> = {
  // is_open_CTbi: the platform accepts deposits and withdrawals
  platform_open: '1',
  bank_deposit_bank_name: 'Set the bank name in the staff console',
  bank_deposit_card_name: 'Set the account holder in the staff console',
  bank_deposit_card_number: 'Set the account number in the staff console',
};

/**
 * Reference data a fresh install needs, written in the caller's transaction; safe to run on every
 * start (existing rows are kept). modules/bootstrap seeds it with the ledger's descriptions.
 */
export async function insertReferenceData(trx: Db): Promise<void> {
  await trx
    .insertInto('currency')
    .values(CURRENCIES.map((c, i) => ({ ...c, logo: '', sort: BigInt(i + 1), dual_approval_units: dualApprovalUnits(c.id) })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await trx.insertInto('pair_group').values(GROUPS).onConflict((oc) => oc.column('id').doNothing()).execute();
  const pairs: PairTable[] = PAIRS.map(([id, group, base, price, share, tick, step], i) => ({
    id,
    group_id: group,
    currency_id: base,
    legal_id: BigInt(LEGAL_USDT_ID),
    is_display: 1n,
    spread_units: mustParseUnits('0.05'),
    lever_trade_fee_units: mustParseUnits('0.1'),
    lever_share_num_units: mustParseUnits(share),
    reference_price_units: mustParseUnits(price),
    sort: BigInt(i + 1),
    price_tick_units: mustParseUnits(tick),
    amount_step_units: mustParseUnits(step),
  }));
  await trx.insertInto('pair').values(pairs).onConflict((oc) => oc.column('id').doNothing()).execute();
  await trx
    .insertInto('currency_withdraw')
    .values(
      WITHDRAW_LIMITS.map(([currency_id, min, max, rate, daily]) => ({
        currency_id,
        min_units: mustParseUnits(min),
        max_units: mustParseUnits(max),
        rate_units: mustParseUnits(rate),
        daily_limit_units: mustParseUnits(daily),
      })),
    )
    .onConflict((oc) => oc.column('currency_id').doNothing())
    .execute();
  // spot: every pair trades with a 5 USDT minimum, a 5% band, 0.1% maker and 0.2% taker fees
  await trx
    .insertInto('spot_rule')
    .values(
      pairs.map(({ id: pair_id, price_tick_units, amount_step_units }) => ({
        pair_id,
        tick_units: price_tick_units,
        lot_units: amount_step_units,
        min_value_units: mustParseUnits('5'),
        band_percent_units: mustParseUnits('5'),
        maker_fee_percent_units: mustParseUnits('0.1'),
        taker_fee_percent_units: mustParseUnits('0.2'),
      })),
    )
    .onConflict((oc) => oc.column('pair_id').doNothing())
    .execute();
  await trx
    .insertInto('spot_maker')
    .values(
      SPOT_MAKER_SIZES.map(([pair_id, size]) => ({
        pair_id,
        levels: 10n,
        spread_percent_units: mustParseUnits('0.1'),
        step_percent_units: mustParseUnits('0.05'),
        size_units: mustParseUnits(size),
      })),
    )
    .onConflict((oc) => oc.column('pair_id').doNothing())
    .execute();
  await trx
    .insertInto('deposit_address')
    .values(DEPOSIT_ADDRESSES.map(([currency_id, network, address]) => ({ currency_id, network, address })))
    .onConflict((oc) => oc.columns(['currency_id', 'network']).doNothing())
    .execute();
  // lever: every seeded pair trades contracts with the spec's hands 10 to 100
  await trx
    .insertInto('lever_pair')
    .values(
      PAIRS.map(([pair_id]) => ({
        pair_id,
        is_open: 1n,
        multiples: '5,10,20,50,100',
        hand_presets: '10,20,50,100',
        hands_min: BigInt(limits.handsMin),
        hands_max: BigInt(limits.handsMax),
        maintenance_percent_units: mustParseUnits('20'),
        stop_range_units: limits.leverStopRangeUnits,
        positions_per_user_max: BigInt(limits.leverPositionsPerUserMax),
        entrusts_per_user_max: BigInt(limits.leverEntrustsPerUserMax),
      })),
    )
    .onConflict((oc) => oc.column('pair_id').doNothing())
    .execute();
  await trx
    .insertInto('setting')
    .values(Object.entries(SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await trx
    .insertInto('micro_pair')
    .values(MICRO_PAIRS.map((pair_id) => ({ pair_id, open_microtrade: 1n })))
    .onConflict((oc) => oc.column('pair_id').doNothing())
    .execute();
  await trx
    .insertInto('micro_currency')
    .values(
      MICRO_CURRENCIES.map(([currency_id, min, max, fee]) => ({
        currency_id,
        payable: 1n,
        min_units: mustParseUnits(min),
        max_units: mustParseUnits(max),
        fee_percent_units: mustParseUnits(fee),
      })),
    )
    .onConflict((oc) => oc.column('currency_id').doNothing())
    .execute();
  await trx
    .insertInto('micro_number')
    .values(
      MICRO_CURRENCIES.flatMap(([currency_id, , , , presets]) =>
        presets.map((number, i) => ({ currency_id, number_units: mustParseUnits(number), sort: BigInt(i + 1) })),
      ),
    )
    .onConflict((oc) => oc.columns(['currency_id', 'number_units']).doNothing())
    .execute();
  await trx
    .insertInto('micro_seconds')
    .values(MICRO_SECONDS.map(([seconds, ratio]) => ({ seconds, profit_ratio_units: mustParseUnits(ratio), status: 1n })))
    .onConflict((oc) => oc.column('seconds').doNothing())
    .execute();
}
