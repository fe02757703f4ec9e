import type { MarketPair } from '@tidemark/core';
import type { Db } from '../../db/database';
import { selectPairs } from './queries';

/** Every pair as the market engine trades it. */
export async function marketPairs(db: Db): Promise<MarketPair[]> {
  return (await selectPairs(db)).map((p) => ({
    pairId: Number(p.id),
    currencyId: Number(p.currency_id),
    legalId: Number(p.legal_id),
    symbol: `${p.currency_name}/${p.legal_name}`,
    referencePriceUnits: p.reference_price_units,
    tickUnits: p.price_tick_units,
  }));
}
