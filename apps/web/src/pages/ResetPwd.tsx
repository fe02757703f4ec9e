import ComingSoon from '../components/ComingSoon';

export default function ResetPwdPage() {
  return <ComingSoon page="resetpwd" guest />;
}
