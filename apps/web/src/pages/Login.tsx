import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiMutation } from '../api/mutation';
import AccountField from '../features/account/AccountField';
import AccountForm from '../features/account/AccountForm';
import AuthCard from '../features/account/AuthCard';
import ModeTabs, { type AccountMode } from '../features/account/ModeTabs';
import { accountRules, loginPasswordRules } from '../features/account/rules';
import { logIn } from '../features/account/session';
import GuestOnly from '../components/GuestOnly';

interface Values {
  user_string: string;
  password: string;
  country?: number;
}

/** Signed in already: the market instead. */
export default function LoginPage() {
  return (
    <GuestOnly>
      <LoginForm />
    </GuestOnly>
  );
}

function LoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<AccountMode>('email');
  const login = useApiMutation({
    mutationFn: ({ user_string, password, country }: Values) =>
      logIn({ user_string: user_string.trim(), password, area_code_id: mode === 'mobile' && country !== undefined ? String(country) : undefined }),
    // A full load, so the trading pages start with the new session and nothing cached from before.
    onSuccess: () => window.location.assign('/exchange'),
  });

  return (
    <AuthCard
      title={t('pages.login')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <Link to="/register">{t('nav.register')}</Link>
        </>
      }
    >
      <ModeTabs
        mode={mode}
        onChange={(next) => {
          setMode(next);
          form.resetFields(['user_string']);
        }}
      >
        <AccountForm form={form} onFinish={(values) => login.mutate(values)}>
          <AccountField mode={mode} rules={accountRules} />
          <Form.Item name="password" label={t('auth.password')} rules={loginPasswordRules}>
            <Input.Password autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} />
          </Form.Item>
          <div className="tm-auth-aside">
            <Link to="/forgetpwd">{t('login.forgot')}</Link>
          </div>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('nav.login')}
          </Button>
        </AccountForm>
      </ModeTabs>
    </AuthCard>
  );
}
