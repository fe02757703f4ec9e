import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, QRCode, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { calls } from '@tidemark/protocol';
import { ApiError } from '../api/client';
import { useApiMutation } from '../api/mutation';
import LanguageSwitch from '../components/LanguageSwitch';
import { adminCall } from './api';
import NewPasswordFields from './NewPasswordFields';
import { adminText } from './texts';

interface Values {
  password: string;
  re_password: string;
  code: string;
}

/**
 * `/admin/invite#token`: a staff member's one-time link. They choose their password (the staff
 * rule, twice) and enrol their authenticator with its first code, in one step; then they sign in.
 * The token stays in the fragment, so it never reaches a server log.
 */
export default function Invite() {
  const navigate = useNavigate();
  const [token] = useState(() => window.location.hash.slice(1));
  const [done, setDone] = useState<string>();
  // each opening makes a new secret to scan: open it once for this page
  const opened = useQuery({
    queryKey: ['admin', 'invite', token],
    queryFn: () => adminCall(calls.adminInviteOpen, { token }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const accept = useApiMutation({
    mutationFn: (values: Values) => adminCall(calls.adminInviteAccept, { token, password: values.password, re_password: values.re_password, code: values.code.trim() }),
    onSuccess: setDone,
  });
  const signIn = () => {
    window.history.replaceState(null, '', window.location.pathname);
    void navigate('/admin', { replace: true });
  };

  let body;
  if (done) {
    body = <Result status="success" title={done} extra={<Button type="primary" onClick={signIn}>{adminText('signIn')}</Button>} />;
  } else if (opened.isPending) {
    body = <Spin />;
  } else if (!opened.data) {
    body = <Alert type="error" showIcon title={opened.error instanceof ApiError ? opened.error.message : adminText('network')} />;
  } else {
    const setup = opened.data;
    body = (
      <Form layout="vertical" onFinish={(values: Values) => accept.mutate(values)} requiredMark={false}>
        <Form.Item label={adminText('email')}>
          <Typography.Text strong data-testid="invite-email">{setup.email}</Typography.Text>
        </Form.Item>
        <NewPasswordFields label="password" />
        <Alert type="info" showIcon title={adminText('inviteScan')} className="tm-admin-gap" />
        <div className="tm-admin-qr">
          <QRCode value={setup.otpauth_url} size={180} bgColor="#fff" color="#000" />
        </div>
        <Typography.Paragraph className="tm-admin-muted">
          {adminText('totpKey')}: <Typography.Text copyable code data-testid="totp-secret">{setup.secret}</Typography.Text>
        </Typography.Paragraph>
        <Form.Item name="code" label={adminText('totpCode')} rules={[{ required: true, pattern: /^\s*[0-9]{6}\s*$/, message: adminText('totpHint') }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="tm-num" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={accept.isPending}>
          {adminText('inviteSubmit')}
        </Button>
      </Form>
    );
  }
  return (
    <div className="tm-admin-signin">
      <Card title={adminText('inviteTitle')} extra={<LanguageSwitch />} className="tm-admin-signin-card">
        {body}
      </Card>
    </div>
  );
}
