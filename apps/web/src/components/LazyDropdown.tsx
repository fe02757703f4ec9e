import type { DropdownProps } from 'antd';
import { lazy, Suspense, type ReactElement } from 'react';

// antd's Dropdown brings its Menu (about 18 KB compressed): the header's buttons paint at once and
// their menus load just after, in a chunk of their own
const Dropdown = lazy(() => import('antd/es/dropdown'));

/** antd's Dropdown, loaded after the first paint; until then its trigger is shown on its own. */
export default function LazyDropdown(props: DropdownProps & { children: ReactElement }) {
  return (
    <Suspense fallback={props.children}>
      <Dropdown {...props} />
    </Suspense>
  );
}
