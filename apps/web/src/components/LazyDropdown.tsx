import type { DropdownProps } from 'antd';
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

// antd's Dropdown brings its Menu (about 18 KB compressed): the header's buttons paint at once and
// their menus load just after, in a chunk of their own
const Dropdown = lazy(() => import('antd/es/dropdown'));

/**
 * antd's Dropdown, loaded after the first paint; until then its trigger is shown on its own, and a
 * click on it opens the menu as soon as the menu has arrived (no dead button on a slow network).
 */
export default function LazyDropdown({ children, open, onOpenChange, ...props }: DropdownProps & { children: ReactElement<{ onClick?: () => void }> }) {
  const [clickedEarly, setClickedEarly] = useState(false);
  return (
    <Suspense fallback={cloneElement(children, { onClick: () => setClickedEarly(true) })}>
      <Dropdown
        {...props}
        open={clickedEarly || open}
        onOpenChange={(next, info) => {
          if (!next) setClickedEarly(false);
          onOpenChange?.(next, info);
        }}
      >
        {children}
      </Dropdown>
    </Suspense>
  );
}
