import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageKey } from './ComingSoon';
import RequireLogin from './RequireLogin';
import { usePageTitle } from '../hooks/usePageTitle';

interface Props {
  page: PageKey;
  /** the feature's class prefix: the section gets it, the header `<prefix>-head` */
  className: string;
  /** a line under the title saying what the page is for */
  subtitle?: string;
  /** links and buttons beside the title */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of a logged-in page: its title (and subtitle or actions), then its content, or the login prompt. */
export default function PageFrame({ page, className, subtitle, actions, children }: Props) {
  const { t } = useTranslation();
  const title = t(`pages.${page}`);
  usePageTitle(title);
  return (
    <RequireLogin title={title}>
      <section className={className}>
        <header className={`${className}-head`}>
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
          {actions && <div className={`${className}-actions`}>{actions}</div>}
        </header>
        {children}
      </section>
    </RequireLogin>
  );
}
