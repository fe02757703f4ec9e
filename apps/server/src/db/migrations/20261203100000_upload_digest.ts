import type { Kysely } from 'kysely';

/** Each upload's SHA-256, so one image is not sent as two identity photos. Older rows have none. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload').addColumn('sha256', 'text').execute();
}
