import { Form, Input, Space, type FormRule } from 'antd';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountMode } from './ModeTabs';

// antd's Select (a fifth of the login page's weight) loads when the phone tab is opened
const AreaCodeSelect = lazy(() => import('./AreaCodeSelect'));

/** The area-code select, or an empty box of its size while it loads; Form.Item hands it value and onChange. */
function LazyAreaCode(props: ComponentProps<typeof AreaCodeSelect>) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Input className="tm-area-code" disabled aria-label={t('auth.areaCode')} />}>
      <AreaCodeSelect {...props} />
    </Suspense>
  );
}

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
          <LazyAreaCode compact disabled={disabled} />
        </Form.Item>
        <Form.Item name="user_string" noStyle rules={rules}>
          <Input inputMode="tel" autoComplete="username" placeholder={t('auth.phonePlaceholder')} disabled={disabled} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
