import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../session/useLogout';
import LanguageSwitch from './LanguageSwitch';
import { ACCOUNT_NAV, useMainNav } from './nav';
import NavList from './NavList';
import SupportLink from './SupportLink';
import TransferButton from './TransferButton';
import { useAccountName } from './useAccountName';

/** The compact header's menu: every page, the account's actions and the language. */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={300}
      title={
        <span className="tm-account">
          <UserOutlined aria-hidden /> <span className="tm-account-name">{useAccountName()}</span>
        </span>
      }
      className="tm-drawer"
    >
      <NavList items={useMainNav()} vertical onNavigate={onClose} />
      <Divider />
      <NavList items={ACCOUNT_NAV} vertical onNavigate={onClose} />
      <Divider />
      <div className="tm-drawer-actions">
        <TransferButton block onClick={onClose} />
        <SupportLink block />
        <LanguageSwitch />
        <Button type="text" danger block icon={<LogoutOutlined aria-hidden />} onClick={() => void logout()}>
          {t('nav.logout')}
        </Button>
      </div>
    </Drawer>
  );
}
