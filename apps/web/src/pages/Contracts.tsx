import ComingSoon from '../components/ComingSoon';

export default function ContractsPage() {
  return <ComingSoon page="contracts" />;
}
