import { useState } from 'react';

/** Which panel is open under which row: one at a time, and choosing the open one closes it. */
export function useRowPanel<P extends string>(initial?: { row: number; panel: P }) {
  const [open, setOpen] = useState<{ row: number; panel: P } | undefined>(initial);
  const isOpen = (row: number, panel: P) => open?.row === row && open.panel === panel;
  const toggle = (row: number, panel: P) => setOpen(isOpen(row, panel) ? undefined : { row, panel });
  return { openPanel: (row: number) => (open?.row === row ? open.panel : undefined), isOpen, toggle };
}
