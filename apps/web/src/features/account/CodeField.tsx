import { limits } from '@tidemark/protocol';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeRules } from './rules';
import SendCodeButton from './SendCodeButton';

interface Props {
  /** see SendCodeButton */
  send: () => Promise<string | undefined>;
  disabled?: boolean;
  /** what the code was sent to, when the page knows it */
  extra?: string;
}

/** The 6-digit code (form field `code`) with its send button. */
export default function CodeField({ send, disabled = false, extra }: Props) {
  const { t } = useTranslation();
  // antd gives a field's input the field's name as id, so the label can point at it.
  return (
    <Form.Item label={t('auth.code')} htmlFor="code" required extra={extra}>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={codeRules}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={limits.codeDigits}
            placeholder={t('auth.codePlaceholder')}
            disabled={disabled}
          />
        </Form.Item>
        {!disabled && <SendCodeButton send={send} />}
      </Space.Compact>
    </Form.Item>
  );
}
