import ComingSoon from '../components/ComingSoon';

export default function BankBindPage() {
  return <ComingSoon page="bankbind" />;
}
