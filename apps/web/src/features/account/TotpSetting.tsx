import { Alert, Button, Form, Input, Modal, QRCode, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/mutation';
import { disableTotp, enableTotp, startTotpSetup } from './api';
import { userInfoKey } from './queries';
import { TOTP_CODE_PATTERN, TOTP_OR_RECOVERY_PATTERN } from './totpCode';
import { useToast } from '../../components/Toasts';

/** The security row's action for the authenticator app: set it up, or turn it off. */
export default function TotpSetting({ on }: { on: boolean }) {
  const { t } = useTranslation();
  // the dialog opened stays, though turning it on changes `on` while its recovery codes show
  const [dialog, setDialog] = useState<'setUp' | 'turnOff'>();
  const close = () => setDialog(undefined);
  return (
    <>
      <Button size="small" type={on ? 'default' : 'primary'} onClick={() => setDialog(on ? 'turnOff' : 'setUp')}>
        {on ? t('totp.turnOff') : t('totp.setUp')}
      </Button>
      {dialog === 'setUp' && <SetUp onClose={close} />}
      {dialog === 'turnOff' && <TurnOff onClose={close} />}
    </>
  );
}

/** Scan, confirm with the first code, then the recovery codes shown this once. */
function SetUp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [recovery, setRecovery] = useState<string[]>();
  // one secret per opening of the dialog: never refetched while it is open, dropped when it closes
  const setup = useQuery({ queryKey: ['user', 'totp-setup'], queryFn: startTotpSetup, staleTime: Infinity, gcTime: 0, retry: false });
  const enable = useApiMutation({
    mutationFn: (values: { code: string; password: string }) => enableTotp({ code: values.code.trim(), password: values.password }),
    onSuccess: (answer) => {
      setRecovery(answer.recovery_codes);
      void queryClient.invalidateQueries({ queryKey: userInfoKey });
    },
  });
  if (recovery) return <RecoveryCodes codes={recovery} onClose={onClose} />;
  return (
    <Modal open title={t('totp.setupTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      {setup.data ? (
        <Form layout="vertical" requiredMark={false} onFinish={(values: { code: string; password: string }) => enable.mutate(values)}>
          <Typography.Paragraph className="tm-totp-muted">{t('totp.scan')}</Typography.Paragraph>
          <div className="tm-totp-qr">
            <QRCode value={setup.data.otpauth_url} size={180} bgColor="#fff" color="#000" />
          </div>
          <Typography.Paragraph className="tm-totp-key">
            {t('totp.key')}:{' '}
            <Typography.Text copyable code data-testid="totp-secret">
              {setup.data.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <Form.Item name="code" label={t('totp.code')} rules={[{ required: true, pattern: TOTP_CODE_PATTERN, message: t('totp.codeRule') }]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('totp.codePlaceholder')} className="tm-num" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} extra={t('totp.passwordHint')} rules={[{ required: true, message: t('auth.passwordPlaceholder') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={enable.isPending}>
            {t('totp.confirm')}
          </Button>
        </Form>
      ) : setup.isError ? (
        <Alert type="error" showIcon title={setup.error.message} />
      ) : (
        <div className="tm-totp-qr tm-totp-loading" aria-busy="true" />
      )}
    </Modal>
  );
}

function RecoveryCodes({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('security.copied'));
    } catch {
      toast.error(t('security.copyFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('totp.recoveryTitle')}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="copy" onClick={() => void copy()}>
          {t('totp.copyAll')}
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          {t('totp.saved')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={t('totp.recoveryHint')} />
      <ol className="tm-totp-recovery" data-testid="totp-recovery">
        {codes.map((code) => (
          <li key={code} className="tm-num">
            {code}
          </li>
        ))}
      </ol>
    </Modal>
  );
}

function TurnOff({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const disable = useApiMutation({
    mutationFn: (values: { code: string }) => disableTotp({ code: values.code.trim() }),
    onSuccess: (notice) => {
      toast.success(notice);
      void queryClient.invalidateQueries({ queryKey: userInfoKey });
      onClose();
    },
  });
  return (
    <Modal open title={t('totp.offTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" requiredMark={false} onFinish={(values: { code: string }) => disable.mutate(values)}>
        <Typography.Paragraph className="tm-totp-muted">{t('totp.offHint')}</Typography.Paragraph>
        <Form.Item name="code" label={t('totp.codeOrRecovery')} rules={[{ required: true, pattern: TOTP_OR_RECOVERY_PATTERN, message: t('totp.codeRule') }]}>
          <Input autoComplete="one-time-code" maxLength={11} placeholder={t('totp.codeOrRecoveryPlaceholder')} className="tm-num" autoFocus />
        </Form.Item>
        <Button danger type="primary" htmlType="submit" block loading={disable.isPending}>
          {t('totp.turnOff')}
        </Button>
      </Form>
    </Modal>
  );
}
