import ComingSoon from '../components/ComingSoon';

export default function RegisterPage() {
  return <ComingSoon page="register" guest />;
}
