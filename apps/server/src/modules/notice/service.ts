import { LANGS } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { recordStaffDecision } from '../audit/service';
import { textsOf, type NoticeTexts } from './present';
import { insertNotice, selectNotice, selectNotices, updateNotice } from './queries';

/** Notices: staff write them in the six languages; traders read the published ones in theirs. */

export function noticesForStaff(db: Db, paging: { page: number; limit: number }) {
  return selectNotices(db, false, paging);
}

export function publishedNotices(db: Db, paging: { page: number; limit: number }) {
  return selectNotices(db, true, paging);
}

/** A published notice; another's id or an unpublished one answers not found. */
export async function publishedNotice(db: Db, id: bigint) {
  const row = await selectNotice(db, id);
  if (!row || row.published !== 1n) throw new Rejection('not_found');
  return row;
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
