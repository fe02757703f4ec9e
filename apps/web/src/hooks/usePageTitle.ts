import { useEffect } from 'react';
import { BRAND } from '../brand';

/** Names the page in the browser tab and history. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${BRAND}`;
  }, [title]);
}
