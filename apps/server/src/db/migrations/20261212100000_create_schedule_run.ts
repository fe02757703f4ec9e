import { sql, type Kysely } from 'kysely';

/**
 * The runs of the leader's scheduled jobs: one row per job and due time, so a due time runs once
 * across restarts and changes of leader. A run done in one transaction writes its row finished,
 * with its work; a run in batches writes it when it starts and again when it finishes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schedule_run')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('due_ms', 'bigint', (c) => c.notNull())
    /** the term that ran it last */
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .addColumn('started_ms', 'bigint', (c) => c.notNull())
    .addColumn('finished_ms', 'bigint')
    /** null while it runs, or when its term ended first */
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('ok', 'failed')`))
    /** what it did, or why it failed */
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('schedule_run_pk', ['job', 'due_ms'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
