import { Button, Form, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApiMutation } from '../api/mutation';
import AccountField from '../features/account/AccountField';
import AccountForm, { fieldsValid } from '../features/account/AccountForm';
import { checkEmailCode, checkMobileCode, resetPassword } from '../features/account/api';
import { callingCode } from '../features/account/AreaCodeSelect';
import AuthCard from '../features/account/AuthCard';
import CodeField from '../features/account/CodeField';
import ModeTabs, { type AccountMode } from '../features/account/ModeTabs';
import PasswordFields from '../features/account/PasswordFields';
import { useCountries } from '../features/account/queries';
import { emailRules, phoneRules } from '../features/account/rules';
import { sendAccountCode } from '../features/account/sendCode';
import { useToast } from '../components/Toasts';

interface Values {
  country?: number;
  user_string: string;
  code: string;
  password: string;
  repassword: string;
}

/** Two steps: the account and its code are checked first; only then is a new password asked for. */
export default function ForgetPwdPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<AccountMode>('email');
  const [checked, setChecked] = useState(false);
  const countries = useCountries().data;
  const countryCode = () => callingCode(countries, form.getFieldValue('country'));
  const account = () => form.getFieldValue('user_string').trim() as string;

  const sendCode = async () => {
    if (!(await fieldsValid(form, ['user_string']))) return undefined;
    return sendAccountCode(mode, 'forget', account(), countryCode());
  };

  const check = useApiMutation({
    mutationFn: ({ code }: Values) =>
      mode === 'email'
        ? checkEmailCode({ email_code: code.trim(), user_string: account() })
        : checkMobileCode({ mobile_code: code.trim(), user_string: account(), country_code: countryCode() }),
    onSuccess: () => setChecked(true),
  });

  const reset = useApiMutation({
    mutationFn: ({ code, password, repassword }: Values) =>
      resetPassword({
        country_code: mode === 'mobile' ? countryCode() : undefined,
        account: account(),
        password,
        repassword,
        code: code.trim(),
      }),
    onSuccess: (notice) => {
      toast.success(notice);
      void navigate('/login');
    },
  });

  return (
    <AuthCard
      title={t('pages.forgetpwd')}
      subtitle={t('forget.subtitle')}
      footer={<Link to="/login">{t('forget.back')}</Link>}
    >
      <Steps
        className="tm-acct-steps"
        size="small"
        responsive={false}
        current={checked ? 1 : 0}
        items={[{ title: t('forget.stepCheck') }, { title: t('forget.stepReset') }]}
      />
      <ModeTabs
        mode={mode}
        disabled={checked}
        onChange={(next) => {
          setMode(next);
          form.resetFields(['user_string', 'code']);
        }}
      >
        <AccountForm form={form} onFinish={(values) => (checked ? reset : check).mutate(values)}>
          <AccountField mode={mode} rules={mode === 'email' ? emailRules : phoneRules} disabled={checked} />
          <CodeField send={sendCode} disabled={checked} />
          {checked && <PasswordFields kind="new" repeatName="repassword" />}
          <Button type="primary" htmlType="submit" block size="large" loading={check.isPending || reset.isPending}>
            {checked ? t('forget.submit') : t('forget.next')}
          </Button>
        </AccountForm>
      </ModeTabs>
    </AuthCard>
  );
}
