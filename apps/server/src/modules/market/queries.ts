import type { Candle, StoredPeriod } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { MarketCandleTable } from '../../db/schema';

export const toCandle = (row: Omit<MarketCandleTable, 'pair_id' | 'period'>): Candle => ({
  timeMs: Number(row.time_ms),
  openUnits: row.open_units,
  highUnits: row.high_units,
  lowUnits: row.low_units,
  closeUnits: row.close_units,
  volumeUnits: row.volume_units,
});

const toRow = (pairId: number, c: Candle) => ({
  pair_id: BigInt(pairId),
  time_ms: BigInt(c.timeMs),
  open_units: c.openUnits,
  high_units: c.highUnits,
  low_units: c.lowUnits,
  close_units: c.closeUnits,
  volume_units: c.volumeUnits,
});

/** Bars of a stored period in [fromMs, toMs], the newest `limit` of them, ascending. */
export async function selectCandles(
  db: Db,
  pairId: number,
  period: StoredPeriod,
  fromMs: number,
  toMs: number,
  limit: number,
): Promise<Candle[]> {
  const rows = await db
    .selectFrom('market_candle')
    .select(['time_ms', 'open_units', 'high_units', 'low_units', 'close_units', 'volume_units'])
    .where('pair_id', '=', BigInt(pairId))
    .where('period', '=', period)
    .where('time_ms', '>=', BigInt(fromMs))
    .where('time_ms', '<=', BigInt(toMs))
    .orderBy('time_ms', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(toCandle);
}

/** Pairs that have any stored history (the others need back-filling). */
export async function selectPairsWithCandles(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('market_candle').select('pair_id').distinct().execute();
  return new Set(rows.map((r) => Number(r.pair_id)));
}

/** Writes bars, replacing any stored bar of the same bucket (the engine's bar is the newer truth). */
export async function upsertCandles(db: Db, rows: { pairId: number; period: StoredPeriod; candle: Candle }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += limits.candleRowsPerInsert) {
    await db
      .insertInto('market_candle')
      .values(rows.slice(i, i + limits.candleRowsPerInsert).map((r) => ({ ...toRow(r.pairId, r.candle), period: r.period })))
      .onConflict((oc) =>
        oc.columns(['pair_id', 'period', 'time_ms']).doUpdateSet((eb) => ({
          open_units: eb.ref('excluded.open_units'),
          high_units: eb.ref('excluded.high_units'),
          low_units: eb.ref('excluded.low_units'),
          close_units: eb.ref('excluded.close_units'),
          volume_units: eb.ref('excluded.volume_units'),
        })),
      )
      .execute();
  }
}

/** Records finished seconds; a second already recorded (by a previous leader) is kept as it was. */
export async function insertSeconds(db: Db, rows: { pairId: number; bar: Candle }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += limits.candleRowsPerInsert) {
    await db
      .insertInto('price_second')
      .values(rows.slice(i, i + limits.candleRowsPerInsert).map((r) => toRow(r.pairId, r.bar)))
      .onConflict((oc) => oc.columns(['pair_id', 'time_ms']).doNothing())
      .execute();
  }
}

/** The recorded second holding `timeMs`, or the last one before it: the price a settlement at that time used. */
export async function selectSecondAt(db: Db, pairId: number, timeMs: number): Promise<Candle | undefined> {
  const row = await db
    .selectFrom('price_second')
    .select(['time_ms', 'open_units', 'high_units', 'low_units', 'close_units', 'volume_units'])
    .where('pair_id', '=', BigInt(pairId))
    .where('time_ms', '<=', BigInt(timeMs))
    .orderBy('time_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toCandle(row);
}

/** Up to `limit` of a pair's recorded seconds from `fromMs` on, oldest first: a catch-up replays them. */
export async function selectSecondsFrom(db: Db, pairId: number, fromMs: number, limit: number): Promise<Candle[]> {
  const rows = await db
    .selectFrom('price_second')
    .select(['time_ms', 'open_units', 'high_units', 'low_units', 'close_units', 'volume_units'])
    .where('pair_id', '=', BigInt(pairId))
    .where('time_ms', '>=', BigInt(fromMs))
    .orderBy('time_ms')
    .limit(limit)
    .execute();
  return rows.map(toCandle);
}

/**
 * Deletes up to `limit` of a pair's oldest recorded seconds before `beforeMs` in one statement
 * (the primary key finds them), so each call holds the write lock only briefly; answers how many.
 */
export async function deleteSecondsBefore(db: Db, pairId: number, beforeMs: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('price_second')
    .where('pair_id', '=', BigInt(pairId))
    .where('time_ms', 'in', (eb) =>
      eb
        .selectFrom('price_second')
        .select('time_ms')
        .where('pair_id', '=', BigInt(pairId))
        .where('time_ms', '<', BigInt(beforeMs))
        .orderBy('time_ms')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
