import { useQuery } from '@tanstack/react-query';
import { calls } from '@tidemark/protocol';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';

/** Remembered for the browser tab's session: a reload (choosing a pair, after a close) does not show it again. */
const SEEN_KEY = 'tm-contracts-notice-seen';

function seen(): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) !== null;
  } catch {
    // storage refused (private mode): better no notice than one on every reload
    return true;
  }
}

function markSeen(): void {
  try {
    sessionStorage.setItem(SEEN_KEY, '1');
  } catch {
    // nothing to remember it in; seen() already answers true
  }
}

export interface NoticeText {
  title: string;
  body: string;
}

/**
 * The notice the page shows on a first visit: the newest notice staff published (in the reader's
 * language), else the translated contract risk notice.
 */
export function useContractsNotice(): NoticeText {
  const { t } = useTranslation();
  const newest = useQuery({
    queryKey: ['notice', 'newest'],
    queryFn: async () => {
      const [first] = (await call(calls.noticeList, { page: 1, limit: 1 })).data;
      return first ? call(calls.noticeDetail, { id: first.id }) : null;
    },
    staleTime: Infinity,
  });
  return newest.data ? { title: newest.data.title, body: newest.data.body } : { title: t('lever.notice.title'), body: t('lever.notice.body') };
}

/** The spec's pop-up notice on the first visit to the contract page, not on a reload. */
export default function FirstVisitNotice({ notice }: { notice: NoticeText }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !seen());
  // remembered once shown (committed), not while rendering: a render that suspends is thrown away and run again
  useEffect(() => {
    if (open) markSeen();
  }, [open]);
  return (
    <Modal
      open={open}
      title={notice.title}
      onOk={() => setOpen(false)}
      onCancel={() => setOpen(false)}
      okText={t('lever.notice.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      // shown with the page, not zoomed in after it: on a phone the animation held the page's
      // largest text back for seconds
      transitionName=""
      maskTransitionName=""
    >
      <p className="tm-lv-notice">{notice.body}</p>
    </Modal>
  );
}
