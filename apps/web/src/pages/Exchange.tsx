import ComingSoon from '../components/ComingSoon';

export default function ExchangePage() {
  return <ComingSoon page="exchange" />;
}
