import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  title: string;
  hint: string;
  /** what is bound or set; the status is shown as done (green) or missing (amber) */
  status: string;
  done: boolean;
  action?: ReactNode;
}

/** One line of the account security list: what it is, its state, and what to do about it. */
export default function SecurityRow({ icon, title, hint, status, done, action }: Props) {
  return (
    <li className="tm-security-row">
      <span className="tm-security-icon">{icon}</span>
      <div className="tm-security-text">
        <strong>{title}</strong>
        <span>{hint}</span>
      </div>
      <span className={done ? 'tm-security-status tm-acct-done' : 'tm-security-status tm-acct-missing'}>
        {done ? <CheckCircleFilled aria-hidden /> : <ExclamationCircleFilled aria-hidden />}
        <span>{status}</span>
      </span>
      <span className="tm-security-action">{action}</span>
    </li>
  );
}
