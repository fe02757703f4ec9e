import ComingSoon from '../components/ComingSoon';

export default function ChangedPage() {
  return <ComingSoon page="changed" />;
}
