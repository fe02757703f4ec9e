import ComingSoon from '../components/ComingSoon';

export default function JymmPage() {
  return <ComingSoon page="jymm" />;
}
