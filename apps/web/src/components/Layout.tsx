import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useLiveTickers } from '../features/market/tickers';
import { useLiveWallets } from '../features/wallet/live';
import { useLoggedIn } from '../session/useSession';
import Brand from './Brand';
import Footer from './Footer';
import Header from './Header';
import LanguageSwitch from './LanguageSwitch';

/** The shell: header and price footer only for a logged-in user; a bare bar with the language switch otherwise. */
export default function Layout() {
  const loggedIn = useLoggedIn();
  // live updates reach whichever page is open
  useLiveTickers();
  useLiveWallets();
  return (
    <div className="tm-shell">
      {loggedIn ? (
        <Header />
      ) : (
        <div className="tm-guestbar">
          <Brand />
          <LanguageSwitch />
        </div>
      )}
      <main className="tm-main">
        <Suspense fallback={<Spin className="tm-loading" />}>
          <Outlet />
        </Suspense>
      </main>
      {loggedIn && <Footer />}
    </div>
  );
}
