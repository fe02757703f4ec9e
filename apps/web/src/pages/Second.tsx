import ComingSoon from '../components/ComingSoon';

export default function SecondPage() {
  return <ComingSoon page="second" />;
}
