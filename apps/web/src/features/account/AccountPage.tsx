import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '../../components/ComingSoon';
import RequireLogin from '../../components/RequireLogin';
import { usePageTitle } from '../../hooks/usePageTitle';
import './account.css';

interface Props {
  page: PageKey;
  /** a line under the title saying what the page is for */
  subtitle?: string;
  children: ReactNode;
}

/** The frame of a logged-in account page: its title, then its content, or the login prompt. */
export default function AccountPage({ page, subtitle, children }: Props) {
  const { t } = useTranslation();
  const title = t(`pages.${page}`);
  usePageTitle(title);
  return (
    <RequireLogin title={title}>
      <section className="tm-acct">
        <header className="tm-acct-head">
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </header>
        {children}
      </section>
    </RequireLogin>
  );
}
