import type { Db } from '../../db/database';

/** The console's market settings: one read of every table, and one write per setting. */

export function selectPairSettings(db: Db, pairId?: bigint) {
  let query = db
    .selectFrom('pair')
    .innerJoin('currency as base', 'base.id', 'pair.currency_id')
    .innerJoin('currency as legal', 'legal.id', 'pair.legal_id')
    .leftJoin('micro_pair', 'micro_pair.pair_id', 'pair.id')
    .leftJoin('lever_pair', 'lever_pair.pair_id', 'pair.id')
    .select([
      'pair.id',
      'base.name as base_name',
      'legal.name as legal_name',
      'pair.is_display',
      'pair.spread_units',
      'pair.lever_trade_fee_units',
      'pair.lever_share_num_units',
      'pair.price_tick_units',
      'pair.amount_step_units',
      'micro_pair.open_microtrade',
      'lever_pair.is_open as lever_open',
      'lever_pair.multiples',
      'lever_pair.hand_presets',
      'lever_pair.hands_min',
      'lever_pair.hands_max',
      'lever_pair.maintenance_percent_units',
    ])
    .orderBy('pair.sort');
  if (pairId !== undefined) query = query.where('pair.id', '=', pairId);
  return query.execute();
}
export type PairSettingsRow = Awaited<ReturnType<typeof selectPairSettings>>[number];

export async function updatePair(
  trx: Db,
  pairId: bigint,
  pair: { is_display: bigint; spread_units: bigint; lever_trade_fee_units: bigint; lever_share_num_units: bigint },
  micro: { open_microtrade: bigint } | undefined,
  lever: { is_open: bigint; multiples: string; hand_presets: string; hands_min: bigint; hands_max: bigint; maintenance_percent_units: bigint } | undefined,
): Promise<void> {
  await trx.updateTable('pair').set(pair).where('id', '=', pairId).execute();
  if (micro) await trx.updateTable('micro_pair').set(micro).where('pair_id', '=', pairId).execute();
  if (lever) await trx.updateTable('lever_pair').set(lever).where('pair_id', '=', pairId).execute();
}

export function selectMicroSeconds(db: Db, seconds?: bigint) {
  let query = db.selectFrom('micro_seconds').selectAll().orderBy('seconds');
  if (seconds !== undefined) query = query.where('seconds', '=', seconds);
  return query.execute();
}

export async function upsertMicroSeconds(trx: Db, row: { seconds: bigint; profit_ratio_units: bigint; status: bigint }): Promise<void> {
  await trx
    .insertInto('micro_seconds')
    .values(row)
    .onConflict((oc) => oc.column('seconds').doUpdateSet({ profit_ratio_units: row.profit_ratio_units, status: row.status }))
    .execute();
}

/** Every currency with its micro settings (null columns where it has none) and presets. */
export async function selectMicroCurrencies(db: Db, currencyId?: bigint) {
  let query = db
    .selectFrom('currency')
    .leftJoin('micro_currency', 'micro_currency.currency_id', 'currency.id')
    .select(['currency.id', 'currency.name', 'micro_currency.payable', 'micro_currency.min_units', 'micro_currency.max_units', 'micro_currency.fee_percent_units'])
    .orderBy('currency.sort');
  if (currencyId !== undefined) query = query.where('currency.id', '=', currencyId);
  let presets = db.selectFrom('micro_number').select(['currency_id', 'number_units']).orderBy('currency_id').orderBy('sort');
  if (currencyId !== undefined) presets = presets.where('currency_id', '=', currencyId);
  const [currencies, numbers] = await Promise.all([query.execute(), presets.execute()]);
  return currencies.map((c) => ({ ...c, presets: numbers.filter((n) => n.currency_id === c.id).map((n) => n.number_units) }));
}

export async function upsertMicroCurrency(
  trx: Db,
  row: { currency_id: bigint; payable: bigint; min_units: bigint; max_units: bigint; fee_percent_units: bigint },
  presets: readonly bigint[],
): Promise<void> {
  const { currency_id, ...rest } = row;
  await trx.insertInto('micro_currency').values(row).onConflict((oc) => oc.column('currency_id').doUpdateSet(rest)).execute();
  await trx.deleteFrom('micro_number').where('currency_id', '=', currency_id).execute();
  if (presets.length > 0) {
    await trx
      .insertInto('micro_number')
      .values(presets.map((number_units, i) => ({ currency_id, number_units, sort: BigInt(i + 1) })))
      .execute();
  }
}

export function selectDepositAddressRows(db: Db, key?: { currencyId: bigint; network: string }) {
  let query = db
    .selectFrom('deposit_address')
    .innerJoin('currency', 'currency.id', 'deposit_address.currency_id')
    .select(['deposit_address.currency_id', 'currency.name as currency_name', 'deposit_address.network', 'deposit_address.address'])
    .orderBy('currency.sort')
    .orderBy('deposit_address.network');
  if (key) query = query.where('deposit_address.currency_id', '=', key.currencyId).where('deposit_address.network', '=', key.network as 'BTC');
  return query.execute();
}

export async function upsertDepositAddress(trx: Db, row: { currency_id: bigint; network: 'BTC' | 'ETH' | 'Trc20'; address: string }): Promise<void> {
  await trx
    .insertInto('deposit_address')
    .values(row)
    .onConflict((oc) => oc.columns(['currency_id', 'network']).doUpdateSet({ address: row.address }))
    .execute();
}

export function selectWithdrawLimits(db: Db, currencyId?: bigint) {
  let query = db
    .selectFrom('currency_withdraw')
    .innerJoin('currency', 'currency.id', 'currency_withdraw.currency_id')
    .select(['currency_withdraw.currency_id', 'currency.name as currency_name', 'min_units', 'max_units', 'daily_limit_units', 'rate_units'])
    .orderBy('currency.sort');
  if (currencyId !== undefined) query = query.where('currency_withdraw.currency_id', '=', currencyId);
  return query.execute();
}

export async function upsertWithdrawLimit(
  trx: Db,
  row: { currency_id: bigint; min_units: bigint; max_units: bigint; daily_limit_units: bigint; rate_units: bigint },
): Promise<void> {
  const { currency_id: _, ...rest } = row;
  await trx.insertInto('currency_withdraw').values(row).onConflict((oc) => oc.column('currency_id').doUpdateSet(rest)).execute();
}

/** Every currency's two-approval amount, or one currency's. */
export function selectDualApprovals(db: Db, currencyId?: bigint) {
  let query = db.selectFrom('currency').select(['id', 'name', 'dual_approval_units']).orderBy('sort');
  if (currencyId !== undefined) query = query.where('id', '=', currencyId);
  return query.execute();
}

export async function updateDualApproval(trx: Db, currencyId: bigint, units: bigint): Promise<void> {
  await trx.updateTable('currency').set({ dual_approval_units: units }).where('id', '=', currencyId).execute();
}

export async function upsertSetting(trx: Db, key: string, value: string): Promise<void> {
  await trx.insertInto('setting').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}

export function selectSpotMakers(db: Db, pairId?: bigint) {
  let query = db
    .selectFrom('spot_maker')
    .innerJoin('pair', 'pair.id', 'spot_maker.pair_id')
    .innerJoin('currency as base', 'base.id', 'pair.currency_id')
    .innerJoin('currency as legal', 'legal.id', 'pair.legal_id')
    .select([
      'spot_maker.pair_id',
      'base.name as base_name',
      'legal.name as legal_name',
      'spot_maker.is_active',
      'spot_maker.levels',
      'spot_maker.spread_percent_units',
      'spot_maker.step_percent_units',
      'spot_maker.size_units',
    ])
    .orderBy('pair.sort');
  if (pairId !== undefined) query = query.where('spot_maker.pair_id', '=', pairId);
  return query.execute();
}

export async function upsertSpotMaker(
  trx: Db,
  row: { pair_id: bigint; is_active: bigint; levels: bigint; spread_percent_units: bigint; step_percent_units: bigint; size_units: bigint },
): Promise<void> {
  const { pair_id: _, ...rest } = row;
  await trx.insertInto('spot_maker').values(row).onConflict((oc) => oc.column('pair_id').doUpdateSet(rest)).execute();
}

export function selectPairExists(db: Db, pairId: bigint) {
  return db.selectFrom('pair').select('id').where('id', '=', pairId).executeTakeFirst();
}
