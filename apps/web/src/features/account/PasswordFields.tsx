import { limits } from '@tidemark/protocol';
import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeRule, newPasswordRules, repeatRules } from './rules';

interface Props {
  /** register asks for "a password"; the other pages for "a new password" */
  kind: 'register' | 'new';
  /** the repeat's field name, which differs between calls (re_password, repassword) */
  repeatName: string;
  /** a field the new password must differ from (the old password) */
  differentFrom?: string;
}

const LABELS = {
  register: { password: 'auth.password', repeat: 'auth.repeatPassword', repeatRequired: 'auth.repeatRequired' },
  new: { password: 'auth.newPassword', repeat: 'auth.repeatNewPassword', repeatRequired: 'auth.repeatNewRequired' },
} as const;

/** A password being chosen (form field `password`) and its repeat, with the 6-16 hint. */
export default function PasswordFields({ kind, repeatName, differentFrom }: Props) {
  const { t } = useTranslation();
  const labels = LABELS[kind];
  const differs: FormRule[] = differentFrom
    ? [
        ({ getFieldValue }) => codeRule('password_same_as_old', (value) => value !== '' && value === getFieldValue(differentFrom)),
      ]
    : [];
  return (
    <>
      <Form.Item
        name="password"
        label={t(labels.password)}
        extra={t('auth.passwordHint')}
        rules={[...newPasswordRules, ...differs]}
        dependencies={differentFrom ? [differentFrom] : undefined}
      >
        <Input.Password autoComplete="new-password" maxLength={limits.loginPasswordLengthMax} />
      </Form.Item>
      <Form.Item
        name={repeatName}
        label={t(labels.repeat)}
        rules={repeatRules('password', t(labels.repeatRequired))}
        dependencies={['password']}
      >
        <Input.Password autoComplete="new-password" maxLength={limits.loginPasswordLengthMax} />
      </Form.Item>
    </>
  );
}
