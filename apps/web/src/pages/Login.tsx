import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { useApiMutation } from '../api/mutation';
import AccountField from '../features/account/AccountField';
import AccountForm from '../features/account/AccountForm';
import AuthCard from '../features/account/AuthCard';
import ModeTabs, { type AccountMode } from '../features/account/ModeTabs';
import { accountRules, loginPasswordRules } from '../features/account/rules';
import { logIn } from '../features/account/session';
import { TOTP_OR_RECOVERY_PATTERN } from '../features/account/totpCode';
import GuestOnly from '../components/GuestOnly';

interface Values {
  user_string: string;
  password: string;
  country?: number;
  /** the second step, for accounts with the authenticator app on */
  totp_code?: string;
}

/** Signed in already: the market instead. */
export default function LoginPage() {
  const [leaving, setLeaving] = useState(false);
  return (
    <GuestOnly leaving={leaving}>
      <LoginForm onLeaving={setLeaving} />
    </GuestOnly>
  );
}

function LoginForm({ onLeaving }: { onLeaving: (leaving: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<AccountMode>('email');
  // the password was right and the account asks for its authenticator code: the second step
  const [askCode, setAskCode] = useState(false);
  const login = useApiMutation({
    mutationFn: async ({ user_string, password, country, totp_code }: Values) => {
      // set before the session is stored, so the guard lets the full load below do the redirect
      onLeaving(true);
      try {
        await logIn({
          user_string: user_string.trim(),
          password,
          area_code_id: mode === 'mobile' && country !== undefined ? String(country) : undefined,
          totp_code: totp_code?.trim() || undefined,
        });
        return 'signed-in' as const;
      } catch (error) {
        onLeaving(false);
        if (error instanceof ApiError && error.code === 'totp_required') return 'code' as const;
        throw error;
      }
    },
    // A full load, so the trading pages start with the new session and nothing cached from before.
    onSuccess: (step) => (step === 'code' ? setAskCode(true) : window.location.assign('/exchange')),
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
          {/* kept (hidden) in the second step: it sends the password again with the code */}
          <div hidden={askCode}>
            <AccountField mode={mode} rules={accountRules} />
            <Form.Item name="password" label={t('auth.password')} rules={loginPasswordRules}>
              <Input.Password autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} />
            </Form.Item>
            <div className="tm-auth-aside">
              <Link to="/forgetpwd">{t('login.forgot')}</Link>
            </div>
          </div>
          {askCode && (
            <>
              <Alert type="info" showIcon title={t('totp.loginHint')} className="tm-auth-step" />
              <Form.Item
                name="totp_code"
                label={t('totp.codeOrRecovery')}
                rules={[{ required: true, pattern: TOTP_OR_RECOVERY_PATTERN, message: t('totp.codeRule') }]}
              >
                <Input autoComplete="one-time-code" maxLength={11} placeholder={t('totp.codeOrRecoveryPlaceholder')} className="tm-num" autoFocus />
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('nav.login')}
          </Button>
          {askCode && (
            <Button
              type="link"
              block
              onClick={() => {
                setAskCode(false);
                form.resetFields(['totp_code']);
              }}
            >
              {t('totp.back')}
            </Button>
          )}
        </AccountForm>
      </ModeTabs>
    </AuthCard>
  );
}
