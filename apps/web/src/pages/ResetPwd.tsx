import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiMutation } from '../api/mutation';
import AccountForm from '../features/account/AccountForm';
import { changePassword } from '../features/account/api';
import AccountPage from '../features/account/AccountPage';
import PasswordFields from '../features/account/PasswordFields';
import { rejection } from '../api/rejection';
import { maskAccount } from '../session/mask';
import { clearSession } from '../session/store';
import { useSessionValue } from '../session/useSession';
import { useToast } from '../components/Toasts';

interface Values {
  old_password: string;
  password: string;
  re_password: string;
}

export default function ResetPwdPage() {
  const { t } = useTranslation();
  return (
    <AccountPage page="resetpwd" subtitle={t('resetPwd.subtitle')}>
      <ChangePasswordForm />
    </AccountPage>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const storedAccount = useSessionValue('accountNum');
  const account = params.get('user_string') ?? storedAccount;
  const change = useApiMutation({
    mutationFn: (values: Values) => changePassword({ ...values, type: '1' }),
    onSuccess: (notice) => {
      toast.success(notice);
      // the change ended every session, this one too: log in again with the new password
      clearSession();
      void navigate('/login');
    },
  });

  return (
    <div className="tm-acct-card tm-acct-form">
      <AccountForm<Values> onFinish={(values) => change.mutate(values)}>
        {account && (
          // Shown, not sent: e_pwd changes the password of the session's own account.
          <Form.Item label={t('resetPwd.account')} htmlFor="account">
            <Input id="account" value={maskAccount(account)} readOnly variant="filled" />
          </Form.Item>
        )}
        <Form.Item
          name="old_password"
          label={t('auth.oldPassword')}
          rules={[{ required: true, message: rejection('password_required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <PasswordFields kind="new" repeatName="re_password" differentFrom="old_password" />
        <Button type="primary" htmlType="submit" block loading={change.isPending}>
          {t('resetPwd.submit')}
        </Button>
      </AccountForm>
    </div>
  );
}
