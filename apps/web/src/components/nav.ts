import type { ParseKeys } from 'i18next';
import { useSessionValue } from '../session/useSession';

export interface NavItem {
  to: string;
  label: ParseKeys;
}

const TRADING_NAV: NavItem[] = [
  { to: '/exchange', label: 'nav.exchange' },
  { to: '/contracts', label: 'nav.contracts' },
  { to: '/second', label: 'nav.second' },
  { to: '/myasset', label: 'nav.myasset' },
];

const SURVEY_NAV: NavItem = { to: '/myinvee', label: 'nav.myinvee' };

/** The account menu; /changes is the same page as /change, so it has no entry of its own. */
export const ACCOUNT_NAV: NavItem[] = [
  { to: '/accountset', label: 'pages.accountset' },
  { to: '/transferlog', label: 'pages.transferlog' },
  { to: '/change', label: 'pages.change' },
  { to: '/changed', label: 'pages.changed' },
  { to: '/authentication', label: 'pages.authentication' },
];

/** The main navigation; the survey is offered only to users the server flagged for it. */
export function useMainNav(): NavItem[] {
  const invee = useSessionValue('is_invee');
  return invee !== null && invee !== '0' ? [...TRADING_NAV, SURVEY_NAV] : TRADING_NAV;
}
