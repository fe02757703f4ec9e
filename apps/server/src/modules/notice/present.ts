import type { Lang } from '@tidemark/protocol';
import type { selectNotice } from './queries';

export type NoticeTexts = Record<Lang, { title: string; body: string }>;
export type NoticeRow = NonNullable<Awaited<ReturnType<typeof selectNotice>>>;

/** A notice's six languages, stored as one JSON text. */
export const textsOf = (row: NoticeRow) => JSON.parse(row.texts) as NoticeTexts;

export function presentNoticeForStaff(row: NoticeRow) {
  return { id: row.id.toString(), published: row.published === 1n, texts: textsOf(row), created_ms: Number(row.created_at_ms), updated_ms: Number(row.updated_at_ms) };
}

/** A published notice in the list, in `lang`. */
export const presentNoticeTitle = (row: NoticeRow, lang: Lang) => ({ id: row.id.toString(), title: textsOf(row)[lang].title, created_ms: Number(row.created_at_ms) });

/** A published notice, in `lang`. */
export function presentNotice(row: NoticeRow, lang: Lang) {
  const text = textsOf(row)[lang];
  return { id: row.id.toString(), title: text.title, body: text.body, created_ms: Number(row.created_at_ms) };
}
