import { useTranslation } from 'react-i18next';
import MarketLayout from '../features/market/MarketLayout';
import SpotPanel from '../features/market/SpotPanel';
import { usePageTitle } from '../hooks/usePageTitle';

/** The spot market: public market data for everyone; order entry comes with the spot trading feature. */
export default function ExchangePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.exchange'));
  return <MarketLayout panel={<SpotPanel />} />;
}
