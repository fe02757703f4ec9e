import { useTranslation } from 'react-i18next';
import MarketLayout from '../features/market/MarketLayout';
import SoonPanel from '../features/market/SoonPanel';
import { usePageTitle } from '../hooks/usePageTitle';

/** Leveraged contracts: the live market for everyone; order entry comes with its trading feature. */
export default function ContractsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.contracts'));
  return <MarketLayout panel={<SoonPanel feature="lever" />} />;
}
