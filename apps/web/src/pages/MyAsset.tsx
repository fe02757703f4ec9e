import AllAssets from '../features/wallet/AllAssets';
import WalletPage from '../features/wallet/WalletPage';
import WalletQuery from '../features/wallet/WalletQuery';

export default function MyAssetPage() {
  return (
    <WalletPage page="myasset">
      <WalletQuery>{(list) => <AllAssets list={list} />}</WalletQuery>
    </WalletPage>
  );
}
