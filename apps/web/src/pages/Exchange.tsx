import { useTranslation } from 'react-i18next';
import MarketLayout from '../features/market/MarketLayout';
import SoonPanel from '../features/market/SoonPanel';
import { usePageTitle } from '../hooks/usePageTitle';

/** The spot market: the live market for everyone; order entry comes with its trading feature. */
export default function ExchangePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.exchange'));
  return <MarketLayout panel={<SoonPanel feature="spot" />} />;
}
