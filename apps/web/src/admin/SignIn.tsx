import { Alert, Button, Card, Form, Input, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { calls } from '@tidemark/protocol';
import { useApiMutation } from '../api/mutation';
import LanguageSwitch from '../components/LanguageSwitch';
import { adminCall, setStaffToken } from './api';
import { adminText } from './texts';

interface Step {
  ticket: string;
  setup: { secret: string; otpauth_url: string } | null;
}

/** The console's own sign-in: the password, then the authenticator code (set up on the first sign-in). */
export default function SignIn() {
  const [step, setStep] = useState<Step>();
  const password = useApiMutation({
    mutationFn: (values: { email: string; password: string }) => adminCall(calls.adminLogin, { email: values.email.trim(), password: values.password }),
    onSuccess: setStep,
  });
  const code = useApiMutation({
    mutationFn: async (values: { code: string }) => {
      try {
        return await adminCall(calls.adminLoginTotp, { ticket: step?.ticket ?? '', code: values.code.trim() });
      } catch (error) {
        // a wrong code ends the ticket: back to the password
        setStep(undefined);
        throw error;
      }
    },
    onSuccess: (token) => setStaffToken(token),
  });

  return (
    <div className="tm-admin-signin">
      <Card title={adminText('console')} extra={<LanguageSwitch />} className="tm-admin-signin-card">
        {!step ? (
          <Form layout="vertical" onFinish={(values: { email: string; password: string }) => password.mutate(values)} requiredMark={false}>
            <Form.Item name="email" label={adminText('email')} rules={[{ required: true, message: adminText('email') }]}>
              <Input autoComplete="username" />
            </Form.Item>
            <Form.Item name="password" label={adminText('password')} rules={[{ required: true, message: adminText('password') }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={password.isPending}>
              {adminText('next')}
            </Button>
          </Form>
        ) : (
          <Form layout="vertical" onFinish={(values: { code: string }) => code.mutate(values)} requiredMark={false}>
            {step.setup ? (
              <>
                <Alert type="info" showIcon title={adminText('totpSetup')} className="tm-admin-gap" />
                <div className="tm-admin-qr">
                  <QRCode value={step.setup.otpauth_url} size={180} bgColor="#fff" color="#000" />
                </div>
                <Typography.Paragraph className="tm-admin-muted">
                  {adminText('totpKey')}: <Typography.Text copyable code data-testid="totp-secret">{step.setup.secret}</Typography.Text>
                </Typography.Paragraph>
              </>
            ) : (
              <Typography.Paragraph>{adminText('totpHint')}</Typography.Paragraph>
            )}
            <Form.Item name="code" label={adminText('totpCode')} rules={[{ required: true, pattern: /^\s*[0-9]{6}\s*$/, message: adminText('totpHint') }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus className="tm-num" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={code.isPending}>
              {adminText('signIn')}
            </Button>
            <Button type="link" block onClick={() => setStep(undefined)}>
              {adminText('back')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
