import ComingSoon from '../components/ComingSoon';

export default function MyAssetPage() {
  return <ComingSoon page="myasset" />;
}
