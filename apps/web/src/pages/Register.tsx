import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApiMutation } from '../api/mutation';
import AccountField from '../features/account/AccountField';
import AccountForm, { fieldsValid } from '../features/account/AccountForm';
import { register as registerAccount } from '../features/account/api';
import AreaCodeSelect, { callingCode } from '../features/account/AreaCodeSelect';
import AuthCard from '../features/account/AuthCard';
import CodeField from '../features/account/CodeField';
import ModeTabs, { type AccountMode } from '../features/account/ModeTabs';
import PasswordFields from '../features/account/PasswordFields';
import { useCountries } from '../features/account/queries';
import { accountRules, emailRules } from '../features/account/rules';
import { sendAccountCode } from '../features/account/sendCode';
import GuestOnly from '../components/GuestOnly';
import { useToast } from '../components/Toasts';

interface Values {
  country?: number;
  user_string: string;
  code: string;
  password: string;
  re_password: string;
  extension_code: string;
  agree: boolean;
}

/** Signed in already: the market instead. */
export default function RegisterPage() {
  return (
    <GuestOnly>
      <RegisterForm />
    </GuestOnly>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<AccountMode>('email');
  const countries = useCountries().data;
  const countryCode = () => callingCode(countries, form.getFieldValue('country'));

  // The agreement comes before a code is sent, then the account's format.
  const sendCode = async () => {
    if (!(await fieldsValid(form, ['agree', 'user_string']))) return undefined;
    return sendAccountCode(mode, 'register', form.getFieldValue('user_string').trim(), countryCode());
  };

  const register = useApiMutation({
    mutationFn: (values: Values) =>
      registerAccount({
        type: mode,
        country_code: countryCode(),
        user_string: values.user_string.trim(),
        password: values.password,
        re_password: values.re_password,
        extension_code: values.extension_code.trim() || undefined,
        code: values.code.trim(),
      }),
    onSuccess: (notice) => {
      toast.success(notice);
      void navigate('/login');
    },
  });

  return (
    <AuthCard
      title={t('pages.register')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')} <Link to="/login">{t('nav.login')}</Link>
        </>
      }
    >
      <ModeTabs
        mode={mode}
        onChange={(next) => {
          setMode(next);
          form.resetFields(['user_string', 'code']);
        }}
      >
        <AccountForm
          form={form}
          initialValues={{
            user_string: params.get('email') ?? '',
            extension_code: params.get('extension_code') ?? '',
            agree: false,
          }}
          onFinish={(values) => register.mutate(values)}
        >
          {/* A phone number carries its area code in front; an e-mail account still names its country. */}
          {mode === 'email' && (
            <Form.Item name="country" label={t('auth.country')}>
              <AreaCodeSelect />
            </Form.Item>
          )}
          <AccountField mode={mode} rules={mode === 'email' ? emailRules : accountRules} />
          <CodeField send={sendCode} />
          <PasswordFields kind="register" repeatName="re_password" />
          <Form.Item name="extension_code" label={t('auth.inviteCode')}>
            <Input autoComplete="off" maxLength={32} />
          </Form.Item>
          <Form.Item
            name="agree"
            valuePropName="checked"
            rules={[
              {
                validator: async (_rule, checked: boolean) => {
                  if (!checked) throw new Error(t('auth.agreementRequired'));
                },
              },
            ]}
          >
            <Checkbox>{t('auth.agree')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </AccountForm>
      </ModeTabs>
    </AuthCard>
  );
}
