import type { Db } from '../../db/database';

/** Every pair with its names and group, in display order. */
export function selectPairs(db: Db) {
  return db
    .selectFrom('pair')
    .innerJoin('currency as base', 'base.id', 'pair.currency_id')
    .innerJoin('currency as legal', 'legal.id', 'pair.legal_id')
    .innerJoin('pair_group', 'pair_group.id', 'pair.group_id')
    // micro options: a pair without a micro_pair row is not open for them
    .leftJoin('micro_pair', 'micro_pair.pair_id', 'pair.id')
    // contracts likewise: a pair without a lever_pair row is not open for them
    .leftJoin('lever_pair', 'lever_pair.pair_id', 'pair.id')
    .select([
      'pair.id',
      'pair.group_id',
      'pair_group.name as group_name',
      'pair.currency_id',
      'base.name as currency_name',
      'base.logo',
      'pair.legal_id',
      'legal.name as legal_name',
      'pair.is_display',
      'pair.spread_units',
      'pair.lever_trade_fee_units',
      'pair.lever_share_num_units',
      'pair.reference_price_units',
      'micro_pair.open_microtrade',
      'lever_pair.is_open as open_lever',
      'pair.price_tick_units',
      'pair.amount_step_units',
    ])
    .orderBy('pair_group.sort')
    .orderBy('pair.sort')
    .execute();
}

export type PairRow = Awaited<ReturnType<typeof selectPairs>>[number];
