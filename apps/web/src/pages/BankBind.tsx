import BankBindForm from '../features/wallet/BankBindForm';
import WalletPage from '../features/wallet/WalletPage';

export default function BankBindPage() {
  return (
    <WalletPage page="bankbind">
      <BankBindForm />
    </WalletPage>
  );
}
