import { useTranslation } from 'react-i18next';
import { lazy } from 'react';
import MarketLayout from '../features/market/MarketLayout';
import { isMicroPair } from '../features/micro/rules';
import { usePageTitle } from '../hooks/usePageTitle';

// the order entry and the trader's orders follow the market's first paint
const MicroPanel = lazy(() => import('../features/micro/MicroPanel'));
const BalanceStrip = lazy(() => import('../features/micro/MicroPanel').then(({ BalanceStrip }) => ({ default: BalanceStrip })));

/** Micro options: the live market of the pairs open for them, order entry and the trader's orders. */
export default function SecondPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.second'));
  return <MarketLayout panel={<MicroPanel />} only={isMicroPair} strip={<BalanceStrip />} />;
}
