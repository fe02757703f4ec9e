import { Form, Input, Space, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import AreaCodeSelect from './AreaCodeSelect';
import type { AccountMode } from './ModeTabs';

interface Props {
  mode: AccountMode;
  rules: FormRule[];
  disabled?: boolean;
}

/**
 * The account as form field `user_string`: an e-mail, or a phone number behind an area-code
 * select (form field `country`, a country_id).
 */
export default function AccountField({ mode, rules, disabled = false }: Props) {
  const { t } = useTranslation();
  if (mode === 'email') {
    return (
      <Form.Item name="user_string" label={t('auth.email')} rules={rules}>
        <Input type="email" autoComplete="username" placeholder={t('auth.emailPlaceholder')} disabled={disabled} />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={t('auth.phone')} htmlFor="user_string" required>
      <Space.Compact block>
        <Form.Item name="country" noStyle>
          <AreaCodeSelect compact disabled={disabled} />
        </Form.Item>
        <Form.Item name="user_string" noStyle rules={rules}>
          <Input inputMode="tel" autoComplete="username" placeholder={t('auth.phonePlaceholder')} disabled={disabled} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
