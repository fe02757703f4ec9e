import ContractAssets from '../features/wallet/ContractAssets';
import WalletPage from '../features/wallet/WalletPage';
import WalletQuery from '../features/wallet/WalletQuery';

/** /changed: the contract (lever) wallet. */
export default function ChangedPage() {
  return (
    <WalletPage page="changed">
      <WalletQuery>{(list) => <ContractAssets list={list} />}</WalletQuery>
    </WalletPage>
  );
}
