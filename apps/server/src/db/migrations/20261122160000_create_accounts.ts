import { sql, type Kysely } from 'kysely';
import { withId } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').addColumn('pay_password_hash', 'text').execute();

  await withId(db, db.schema.createTable('verification_code'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'forget', 'fund', 'survey')`))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('tries', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('used_at_ms', 'bigint')
    .execute();
  await db.schema.createIndex('verification_code_target_idx').on('verification_code').columns(['target', 'purpose']).execute();

  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('sent_at_ms', 'bigint')
    .execute();

  await withId(db, db.schema.createTable('upload'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('identity')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('user.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('front_upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('reverse_upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('hand_upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('submitted_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at_ms', 'bigint')
    .addColumn('reviewed_by', 'bigint', (c) => c.references('user.id'))
    .addColumn('review_note', 'text')
    .execute();
  await db.schema.createIndex('identity_card_idx').on('identity').column('card_id').execute();

  await db.schema
    .createTable('survey_answer')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('user.id'))
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
