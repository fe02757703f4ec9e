import ComingSoon from '../components/ComingSoon';

export default function AccountSetPage() {
  return <ComingSoon page="accountset" />;
}
