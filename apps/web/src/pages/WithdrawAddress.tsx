import { useTranslation } from 'react-i18next';
import RouteButton from '../components/RouteButton';
import AddressBook from '../features/wallet/AddressBook';
import WalletPage from '../features/wallet/WalletPage';

export default function WithdrawAddressPage() {
  const { t } = useTranslation();
  return (
    <WalletPage page="withdrawaddress" actions={<RouteButton to="/myasset">{t('address.back')}</RouteButton>}>
      <AddressBook />
    </WalletPage>
  );
}
