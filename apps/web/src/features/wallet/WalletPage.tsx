import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '../../components/ComingSoon';
import RequireLogin from '../../components/RequireLogin';
import { usePageTitle } from '../../hooks/usePageTitle';
import './wallet.css';

interface Props {
  page: PageKey;
  /** links and buttons beside the title */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of a wallet page: its title and actions, then its content, or the login prompt. */
export default function WalletPage({ page, actions, children }: Props) {
  const { t } = useTranslation();
  const title = t(`pages.${page}`);
  usePageTitle(title);
  return (
    <RequireLogin title={title}>
      <section className="tm-wallet">
        <header className="tm-wallet-head">
          <h1>{title}</h1>
          {actions && <div className="tm-wallet-actions">{actions}</div>}
        </header>
        {children}
      </section>
    </RequireLogin>
  );
}
