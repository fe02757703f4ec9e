import type { ReactNode } from 'react';
import { formatFixed } from '../../format';
import { ASSET_DECIMALS } from './amount';

interface Props {
  label: string;
  /** a USDT amount as a wire decimal */
  usdt: string;
  children?: ReactNode;
}

/** A headline total in USDT, with room for the actions that go with it. */
export default function TotalCard({ label, usdt, children }: Props) {
  return (
    <div className="tm-w-total">
      <div>
        <span className="tm-w-hint">{label}</span>
        <strong className="tm-w-total-value tm-w-num">
          {formatFixed(usdt, ASSET_DECIMALS)} <small>USDT</small>
        </strong>
      </div>
      {children && <div className="tm-w-total-actions">{children}</div>}
    </div>
  );
}
