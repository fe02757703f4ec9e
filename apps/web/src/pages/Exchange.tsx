import { useTranslation } from 'react-i18next';
import { lazy } from 'react';
import MarketLayout from '../features/market/MarketLayout';
import { usePageTitle } from '../hooks/usePageTitle';

// the order entry and the trader's orders follow the market's first paint
const TradePanel = lazy(() => import('../features/spot/TradePanel'));

/** The spot market: the real spot book and fills beside the index chart, with order entry and the trader's orders. */
export default function ExchangePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.exchange'));
  return <MarketLayout source="spot" pickable panel={<TradePanel />} />;
}
