import ComingSoon from '../components/ComingSoon';

export default function TransferLegalPage() {
  return <ComingSoon page="transferlegal" />;
}
