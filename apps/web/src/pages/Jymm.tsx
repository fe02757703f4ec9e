import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import AccountForm from '../features/account/AccountForm';
import AccountPage from '../features/account/AccountPage';
import CodeField from '../features/account/CodeField';
import { sendPayPasswordCode } from '../features/account/api';
import { useHasPayPassword, useSetPayPassword } from '../features/account/queries';
import { rejection } from '../api/rejection';
import { repeatRules, schemaRule } from '../features/account/rules';
import { useToast } from '../components/Toasts';

interface Values {
  password: string;
  pay_password: string;
  re_pay_password: string;
  code: string;
}

export default function JymmPage() {
  const { t } = useTranslation();
  return (
    <AccountPage page="jymm" subtitle={t('fund.subtitle')}>
      <FundPasswordForm />
    </AccountPage>
  );
}

function FundPasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const isSet = useHasPayPassword().data;
  const save = useSetPayPassword((notice) => {
    toast.success(notice);
    void navigate('/accountset');
  });
  const digits = { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } as const;

  return (
    <div className="tm-acct-card tm-acct-form">
      {isSet !== undefined && (
        <Alert
          className="tm-acct-alert"
          type={isSet ? 'success' : 'warning'}
          showIcon
          title={t(isSet ? 'fund.isSet' : 'fund.notSet')}
        />
      )}
      <AccountForm<Values> onFinish={(values) => save.mutate(values)}>
        <Form.Item
          name="password"
          label={t('fund.loginPassword')}
          rules={[{ required: true, message: rejection('password_required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="pay_password"
          label={t('fund.payPassword')}
          extra={t('fund.payPasswordHint')}
          rules={[schemaRule('payPassword')]}
        >
          <Input.Password {...digits} />
        </Form.Item>
        <Form.Item
          name="re_pay_password"
          label={t('fund.repeat')}
          dependencies={['pay_password']}
          rules={repeatRules('pay_password', t('fund.repeatMissing'))}
        >
          <Input.Password {...digits} />
        </Form.Item>
        <CodeField send={sendPayPasswordCode} extra={t('fund.codeHint')} />
        <Button type="primary" htmlType="submit" block loading={save.isPending}>
          {t('fund.submit')}
        </Button>
      </AccountForm>
    </div>
  );
}
