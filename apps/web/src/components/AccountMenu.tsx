import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../session/useLogout';
import Dropdown from './LazyDropdown';
import { ACCOUNT_NAV } from './nav';
import { useAccountName } from './useAccountName';

const LOGOUT = 'logout';

/** Desktop account dropdown: the account pages, then logout. Menu keys are the paths. */
export default function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const items: MenuProps['items'] = [
    ...ACCOUNT_NAV.map((item) => ({ key: item.to, label: t(item.label) })),
    { type: 'divider' },
    { key: LOGOUT, label: t('nav.logout'), icon: <LogoutOutlined aria-hidden />, danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => (key === LOGOUT ? void logout() : navigate(key)),
      }}
    >
      <Button type="text" icon={<UserOutlined aria-hidden />} className="tm-account">
        <span className="tm-account-name">{useAccountName()}</span>
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
