import { useTranslation } from 'react-i18next';
import MarketLayout from '../features/market/MarketLayout';
import SoonPanel from '../features/market/SoonPanel';
import { usePageTitle } from '../hooks/usePageTitle';

/** Micro options: the live market for everyone; order entry comes with its trading feature. */
export default function SecondPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.second'));
  return <MarketLayout panel={<SoonPanel feature="micro" />} />;
}
