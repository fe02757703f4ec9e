import { Empty, Spin } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FirstVisitNotice, { useContractsNotice } from '../features/lever/FirstVisitNotice';
import { isLeverPair } from '../features/lever/rules';
import MarketLayout from '../features/market/MarketLayout';
import { currentPair } from '../features/market/pair';
import { usePagePair } from '../features/market/quotes';
import { useIsMobile } from '../hooks/useIsMobile';
import { usePageTitle } from '../hooks/usePageTitle';
import { useLoggedIn } from '../session/useSession';

// the order entry and the trader's orders follow the market's first paint
const panels = () => import('../features/lever/LeverPanels');
const BalanceStrip = lazy(() => panels().then(({ BalanceStrip }) => ({ default: BalanceStrip })));
const DeskOrderCard = lazy(() => panels().then(({ DeskOrderCard }) => ({ default: DeskOrderCard })));
const PhoneTrading = lazy(() => panels().then(({ PhoneTrading }) => ({ default: PhoneTrading })));
const Records = lazy(() => import('../features/lever/Records'));

/** Leveraged contracts: the live market of the pairs open for them, with order entry and the trader's orders once logged in. */
export default function ContractsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.contracts'));
  const notice = useContractsNotice();
  const loggedIn = useLoggedIn();
  const mobile = useIsMobile();
  // the stored pair: choosing another reloads the page
  const [pair] = useState(currentPair);
  // a stored pair not open for contracts (chosen on another page) gives way to the default contract pair
  const open = usePagePair(pair.symbol, isLeverPair);
  // a visitor sees the market with the layout's call to sign in; no private call is made
  if (!loggedIn) return <MarketLayout panel={null} only={isLeverPair} />;
  // the trading parts only for a pair open for contracts; the layout stays mounted as they come
  const parts =
    open === 'none'
      ? { panel: <section className="tm-mk-card"><Empty description={t('lever.noPairs')} /></section> }
      : !open
        ? { panel: <Spin className="tm-mk-spin" /> }
        : mobile
          ? { strip: <BalanceStrip pair={pair} />, panel: <PhoneTrading pair={pair} /> }
          : { aside: <DeskOrderCard pair={pair} />, panel: <Records pair={pair} /> };
  return (
    <>
      <FirstVisitNotice notice={notice} />
      <MarketLayout pickable only={isLeverPair} {...parts} />
    </>
  );
}
