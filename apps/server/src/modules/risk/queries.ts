import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Open lever positions per pair and direction (1 long, 2 short): base quantity and count. */
export function selectOpenLeverByPair(db: Db) {
  return db
    .selectFrom('lever_order')
    .select((eb) => ['pair_id', 'direction', eb.fn.sum<bigint>('quantity_units').as('quantity_units'), eb.fn.countAll<bigint>().as('n')])
    .where('status', '=', 1n)
    .groupBy(['pair_id', 'direction'])
    .execute();
}

/** Open micro orders per pair and type (1 up, 2 down): stake and count. */
export function selectOpenMicroByPair(db: Db) {
  return db
    .selectFrom('micro_order')
    .select((eb) => ['pair_id', 'type', eb.fn.sum<bigint>('number_units').as('number_units'), eb.fn.countAll<bigint>().as('n')])
    // a literal: the partial index on open orders applies
    .where('status', '=', sql.lit(1n))
    .groupBy(['pair_id', 'type'])
    .execute();
}

export async function selectOutboxPage(db: Db, paging: { page: number; limit: number }) {
  const [data, count] = await Promise.all([
    db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.n) };
}
