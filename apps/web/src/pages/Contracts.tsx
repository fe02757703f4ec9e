import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  // a visitor sees the market with the layout's call to sign in; no private call is made
  if (!loggedIn) return <MarketLayout panel={null} />;
  return (
    <>
      <FirstVisitNotice notice={notice} />
      {mobile ? (
        <MarketLayout pickable strip={<BalanceStrip pair={pair} />} panel={<PhoneTrading pair={pair} />} />
      ) : (
        <MarketLayout pickable aside={<DeskOrderCard pair={pair} />} panel={<Records pair={pair} />} />
      )}
    </>
  );
}
