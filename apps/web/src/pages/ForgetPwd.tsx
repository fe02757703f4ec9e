import ComingSoon from '../components/ComingSoon';

export default function ForgetPwdPage() {
  return <ComingSoon page="forgetpwd" guest />;
}
