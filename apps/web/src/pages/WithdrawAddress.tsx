import ComingSoon from '../components/ComingSoon';

export default function WithdrawAddressPage() {
  return <ComingSoon page="withdrawaddress" />;
}
