import SpotAssets from '../features/wallet/SpotAssets';
import WalletPage from '../features/wallet/WalletPage';
import WalletQuery from '../features/wallet/WalletQuery';

/** /change and /changes: the spot (coin-to-coin) wallet. */
export default function ChangePage() {
  return (
    <WalletPage page="change">
      <WalletQuery>{(list) => <SpotAssets list={list} />}</WalletQuery>
    </WalletPage>
  );
}
