import { useTranslation } from 'react-i18next';
import MarketLayout from '../features/market/MarketLayout';
import TradePanel from '../features/spot/TradePanel';
import { usePageTitle } from '../hooks/usePageTitle';

/** The spot market: the real spot book and fills beside the index chart, with order entry and the trader's orders. */
export default function ExchangePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.exchange'));
  return <MarketLayout source="spot" pickable panel={<TradePanel />} />;
}
