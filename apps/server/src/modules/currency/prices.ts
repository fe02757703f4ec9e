import type { Db } from '../../db/database';

const USDT = 3n;

/**
 * The USDT price of each currency (units of USDT per whole coin): USDT itself is 1, others
 * come from their X/USDT pair; a currency without such a pair is worth nothing here.
 */
export async function usdtPrices(db: Db): Promise<Map<bigint, bigint>> {
  const pairs = await db
    .selectFrom('pair')
    .select(['currency_id', 'reference_price_units'])
    .where('legal_id', '=', USDT)
    .execute();
  const prices = new Map(pairs.map((p) => [p.currency_id, p.reference_price_units]));
  prices.set(USDT, 100_000_000n);
  return prices;
}
