import type { Db } from '../../db/database';

export async function selectNotices(db: Db, onlyPublished: boolean, paging: { page: number; limit: number }) {
  let base = db.selectFrom('notice');
  if (onlyPublished) base = base.where('published', '=', 1n);
  const [data, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(paging.limit).offset((paging.page - 1) * paging.limit).execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.n) };
}

export function selectNotice(db: Db, id: bigint) {
  return db.selectFrom('notice').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNotice(db: Db, row: { texts: string; published: boolean; createdBy: bigint; nowMs: number }): Promise<bigint> {
  const inserted = await db
    .insertInto('notice')
    .values({ texts: row.texts, published: row.published ? 1n : 0n, created_by: row.createdBy, created_at_ms: BigInt(row.nowMs), updated_at_ms: BigInt(row.nowMs) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateNotice(db: Db, id: bigint, row: { texts: string; published: boolean; nowMs: number }): Promise<void> {
  await db.updateTable('notice').set({ texts: row.texts, published: row.published ? 1n : 0n, updated_at_ms: BigInt(row.nowMs) }).where('id', '=', id).execute();
}
