import { Button } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A row button that opens its panel under the row, and shows when that panel is open. */
export default function PanelButton({ active, onClick, children }: Props) {
  return (
    <Button size="small" type={active ? 'primary' : 'default'} aria-expanded={active} onClick={onClick}>
      {children}
    </Button>
  );
}
