import { LockOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import LoginButtons from '../components/LoginButtons';
import FirstVisitNotice, { useContractsNotice } from '../features/lever/FirstVisitNotice';
import { BalanceStrip, DeskOrderCard, PhoneTrading } from '../features/lever/LeverPanels';
import Records from '../features/lever/Records';
import MarketLayout from '../features/market/MarketLayout';
import { currentPair } from '../features/market/pair';
import { useIsMobile } from '../hooks/useIsMobile';
import { usePageTitle } from '../hooks/usePageTitle';
import { useLoggedIn } from '../session/useSession';

/** Leveraged contracts: the live market, with order entry and the trader's orders once logged in. */
export default function ContractsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.contracts'));
  const notice = useContractsNotice();
  const loggedIn = useLoggedIn();
  const mobile = useIsMobile();
  // the stored pair: choosing another reloads the page
  const [pair] = useState(currentPair);
  if (!loggedIn) return <MarketLayout panel={<LoginPanel />} />;
  return (
    <>
      <FirstVisitNotice notice={notice} />
      {mobile ? (
        <MarketLayout strip={<BalanceStrip pair={pair} />} panel={<PhoneTrading pair={pair} />} />
      ) : (
        <MarketLayout aside={<DeskOrderCard pair={pair} />} panel={<Records pair={pair} />} />
      )}
    </>
  );
}

/** Without a login the market stays live; order entry and records ask to log in (no private calls are made). */
function LoginPanel() {
  const { t } = useTranslation();
  return (
    <section className="tm-mk-card tm-mk-soon">
      <LockOutlined className="tm-mk-soon-icon" />
      <div>
        <h2>{t('pages.contracts')}</h2>
        <p>{t('loginPrompt.hint')}</p>
        <LoginButtons />
      </div>
    </section>
  );
}
