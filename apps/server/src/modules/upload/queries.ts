import type { Db } from '../../db/database';
import type { UploadTable } from '../../db/schema';

export async function insertUpload(
  db: Db,
  upload: { userId: bigint; name: string; mime: UploadTable['mime']; sizeBytes: number; createdAtMs: number; sha256?: string },
): Promise<void> {
  await db
    .insertInto('upload')
    .values({
      user_id: upload.userId,
      name: upload.name,
      mime: upload.mime,
      size_bytes: BigInt(upload.sizeBytes),
      created_at_ms: BigInt(upload.createdAtMs),
      sha256: upload.sha256 ?? null,
    })
    .execute();
}

/** How many uploads a user stored, and their bytes together. */
export async function selectUploadUsage(db: Db, userId: bigint): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('upload')
    .select((eb) => [eb.fn.countAll<string | number | bigint>().as('count'), eb.fn.sum<string | number | bigint | null>('size_bytes').as('bytes')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
}

/** An upload by name; only the owner's unless `ownerId` is undefined. */
export function selectUpload(db: Db, name: string, ownerId: bigint | undefined) {
  let query = db.selectFrom('upload').selectAll().where('name', '=', name);
  if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
  return query.executeTakeFirst();
}
