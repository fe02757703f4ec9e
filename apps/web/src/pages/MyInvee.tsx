import ComingSoon from '../components/ComingSoon';

export default function MyInveePage() {
  return <ComingSoon page="myinvee" />;
}
