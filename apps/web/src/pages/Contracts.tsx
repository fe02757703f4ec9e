import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FirstVisitNotice, { useContractsNotice } from '../features/lever/FirstVisitNotice';
import MarketLayout from '../features/market/MarketLayout';
import { currentPair } from '../features/market/pair';
import { useIsMobile } from '../hooks/useIsMobile';
import { usePageTitle } from '../hooks/usePageTitle';
import { useLoggedIn } from '../session/useSession';

// the order entry and the trader's orders follow the market's first paint
const panels = () => import('../features/lever/LeverPanels');
const BalanceStrip = lazy(() => panels().then(({ BalanceStrip }) => ({ default: BalanceStrip })));
const DeskOrderCard = lazy(() => panels().then(({ DeskOrderCard }) => ({ default: DeskOrderCard })));
const PhoneTrading = lazy(() => panels().then(({ PhoneTrading }) => ({ default: PhoneTrading })));
const Records = lazy(() => import('../features/lever/Records'));

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
