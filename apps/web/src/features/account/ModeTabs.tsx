import type { ReactNode } from 'react';
import LightTabs from '../../components/LightTabs';
import { useTranslation } from 'react-i18next';

/** How an account is named: the register call's own values for its `type` field. */
export type AccountMode = 'email' | 'mobile';

interface Props {
  mode: AccountMode;
  onChange: (mode: AccountMode) => void;
  disabled?: boolean;
  /** the form, shown as the active tab's panel */
  children: ReactNode;
}

/** E-mail or phone, for login, register and forgotten password. */
export default function ModeTabs({ mode, onChange, disabled = false, children }: Props) {
  const { t } = useTranslation();
  const tab = (key: AccountMode, label: string) => ({ key, label, disabled, children: key === mode ? children : null });
  return (
    <LightTabs
      className="tm-mode-tabs"
      activeKey={mode}
      onChange={onChange}
      items={[tab('email', t('auth.byEmail')), tab('mobile', t('auth.byPhone'))]}
    />
  );
}
