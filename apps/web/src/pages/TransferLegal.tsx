import { useTranslation } from 'react-i18next';
import RouteButton from '../components/RouteButton';
import TransferForm from '../features/wallet/TransferForm';
import WalletPage from '../features/wallet/WalletPage';
import WalletQuery from '../features/wallet/WalletQuery';

export default function TransferLegalPage() {
  const { t } = useTranslation();
  return (
    <WalletPage page="transferlegal" actions={<RouteButton to="/transferlog">{t('pages.transferlog')}</RouteButton>}>
      <WalletQuery>{(list) => <TransferForm list={list} />}</WalletQuery>
    </WalletPage>
  );
}
