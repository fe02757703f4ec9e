import ComingSoon from '../components/ComingSoon';

export default function TransferLogPage() {
  return <ComingSoon page="transferlog" />;
}
