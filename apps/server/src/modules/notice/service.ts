import { LANGS, type Lang } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { recordStaffDecision } from '../audit/service';
import { insertNotice, selectNotice, selectNotices, updateNotice } from './queries';

/** Notices: staff write them in the six languages; traders read the published ones in theirs. */

export type NoticeTexts = Record<Lang, { title: string; body: string }>;
type NoticeRow = NonNullable<Awaited<ReturnType<typeof selectNotice>>>;

const textsOf = (row: NoticeRow) => JSON.parse(row.texts) as NoticeTexts;

export function presentNoticeForStaff(row: NoticeRow) {
  return { id: row.id.toString(), published: row.published === 1n, texts: textsOf(row), created_ms: Number(row.created_at_ms), updated_ms: Number(row.updated_at_ms) };
}

export function noticesForStaff(db: Db, paging: { page: number; limit: number }) {
  return selectNotices(db, false, paging);
}

export async function publishedNotices(db: Db, lang: Lang, paging: { page: number; limit: number }) {
  const page = await selectNotices(db, true, paging);
  return { data: page.data.map((row) => ({ id: row.id.toString(), title: textsOf(row)[lang].title, created_ms: Number(row.created_at_ms) })), total: page.total };
}

/** A published notice in `lang`; another's id or an unpublished one answers not found. */
export async function publishedNotice(db: Db, id: bigint, lang: Lang) {
  const row = await selectNotice(db, id);
  if (!row || row.published !== 1n) throw new Rejection('not_found');
  const text = textsOf(row)[lang];
  return { id: row.id.toString(), title: text.title, body: text.body, created_ms: Number(row.created_at_ms) };
}

/** Writes a new notice or changes one, audited with the texts before and after. */
export function saveNotice(db: Db, input: { staffId: bigint; id?: bigint; published: boolean; fields: Record<string, string> }, nowMs: number) {
  const texts = Object.fromEntries(LANGS.map((lang) => [lang, { title: input.fields[`title_${lang}`] ?? '', body: input.fields[`body_${lang}`] ?? '' }])) as NoticeTexts;
  const json = JSON.stringify(texts);
  return inTransaction(db, async (trx) => {
    if (input.id === undefined) {
      const id = await insertNotice(trx, { texts: json, published: input.published, createdBy: input.staffId, nowMs });
      await recordStaffDecision(trx, { staffId: input.staffId, action: 'notice.create', subject: `notice:${id}`, detail: { before: null, after: { published: input.published, texts } } }, nowMs);
      return;
    }
    const before = await selectNotice(trx, input.id);
    if (!before) throw new Rejection('not_found');
    await updateNotice(trx, input.id, { texts: json, published: input.published, nowMs });
    const detail = { before: { published: before.published === 1n, texts: textsOf(before) }, after: { published: input.published, texts } };
    await recordStaffDecision(trx, { staffId: input.staffId, action: 'notice.update', subject: `notice:${input.id}`, detail }, nowMs);
  });
}
