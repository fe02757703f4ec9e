import type { ComponentProps } from 'react';
import PageFrame from '../../components/PageFrame';
import './account.css';

/** An account page in the shared logged-in frame. */
export default function AccountPage(props: Omit<ComponentProps<typeof PageFrame>, 'className' | 'actions'>) {
  return <PageFrame className="tm-acct" {...props} />;
}
