import type { ComponentProps } from 'react';
import PageFrame from '../../components/PageFrame';
import './wallet.css';

/** A wallet page in the shared logged-in frame. */
export default function WalletPage(props: Omit<ComponentProps<typeof PageFrame>, 'className' | 'subtitle'>) {
  return <PageFrame className="tm-wallet" {...props} />;
}
