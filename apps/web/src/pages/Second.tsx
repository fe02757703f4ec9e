import { useTranslation } from 'react-i18next';
import MarketLayout from '../features/market/MarketLayout';
import MicroPanel, { BalanceStrip, isMicroPair } from '../features/micro/MicroPanel';
import { usePageTitle } from '../hooks/usePageTitle';

/** Micro options: the live market of the pairs open for them, order entry and the trader's orders. */
export default function SecondPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.second'));
  return <MarketLayout panel={<MicroPanel />} only={isMicroPair} strip={<BalanceStrip />} />;
}
