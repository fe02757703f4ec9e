import type { ReactNode } from 'react';
import { usePageTitle } from '../../hooks/usePageTitle';
import './account.css';

interface Props {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** links to the other logged-out pages */
  footer: ReactNode;
}

/** The frame of the logged-out pages (login, register, forgotten password): one centred card. */
export default function AuthCard({ title, subtitle, children, footer }: Props) {
  usePageTitle(title);
  return (
    <section className="tm-auth">
      <div className="tm-auth-card">
        <h1 className="tm-auth-title">{title}</h1>
        <p className="tm-auth-subtitle">{subtitle}</p>
        {children}
        <div className="tm-auth-footer">{footer}</div>
      </div>
    </section>
  );
}
