import ComingSoon from '../components/ComingSoon';

export default function ChangePage() {
  return <ComingSoon page="change" />;
}
