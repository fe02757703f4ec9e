import type { Db } from '../../db/database';
import type { UploadTable } from '../../db/schema';

export async function insertUpload(
  db: Db,
  upload: { userId: bigint; name: string; mime: UploadTable['mime']; sizeBytes: number; createdAtMs: number },
): Promise<void> {
  await db
    .insertInto('upload')
    .values({ user_id: upload.userId, name: upload.name, mime: upload.mime, size_bytes: BigInt(upload.sizeBytes), created_at_ms: BigInt(upload.createdAtMs) })
    .execute();
}

/** An upload by name; only the owner's unless `ownerId` is undefined. */
export function selectUpload(db: Db, name: string, ownerId: bigint | undefined) {
  let query = db.selectFrom('upload').selectAll().where('name', '=', name);
  if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
  return query.executeTakeFirst();
}
