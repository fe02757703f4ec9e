import ComingSoon from '../components/ComingSoon';

export default function AuthenticationPage() {
  return <ComingSoon page="authentication" />;
}
