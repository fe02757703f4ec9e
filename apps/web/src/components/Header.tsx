import { LogoutOutlined, MenuOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../hooks/useIsMobile';
import { useLogout } from '../session/useLogout';
import AccountMenu from './AccountMenu';
import Brand from './Brand';
import LanguageSwitch from './LanguageSwitch';
import { ACCOUNT_NAV, useMainNav } from './nav';
import NavList from './NavList';
import RouteButton from './RouteButton';
import SupportLink from './SupportLink';
import { useAccountName } from './useAccountName';

/** The logged-in header: a full bar on desktop, a compact bar with a drawer below 1200px. */
export default function Header() {
  return useIsMobile() ? <CompactHeader /> : <WideHeader />;
}

function TransferButton({ onClick, block = false }: { onClick?: () => void; block?: boolean }) {
  const { t } = useTranslation();
  return (
    <RouteButton type="primary" to="/transferlegal" block={block} icon={<SwapOutlined />} onClick={onClick}>
      {t('nav.transfer')}
    </RouteButton>
  );
}

function WideHeader() {
  return (
    <header className="tm-header">
      <Brand />
      <NavList items={useMainNav()} />
      <div className="tm-header-actions">
        <TransferButton />
        <SupportLink />
        <AccountMenu />
        <LanguageSwitch />
      </div>
    </header>
  );
}

function CompactHeader() {
  const { t } = useTranslation();
  const logout = useLogout();
  const accountName = useAccountName();
  const mainNav = useMainNav();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="tm-header">
      <Brand />
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('nav.menu')}
        onClick={() => setOpen(true)}
      />
      <Drawer
        open={open}
        onClose={close}
        placement="right"
        size={300}
        title={
          <span className="tm-account">
            <UserOutlined /> <span className="tm-account-name">{accountName}</span>
          </span>
        }
        className="tm-drawer"
      >
        <NavList items={mainNav} vertical onNavigate={close} />
        <Divider />
        <NavList items={ACCOUNT_NAV} vertical onNavigate={close} />
        <Divider />
        <div className="tm-drawer-actions">
          <TransferButton block onClick={close} />
          <SupportLink block />
          <LanguageSwitch />
          <Button type="text" danger block icon={<LogoutOutlined />} onClick={() => void logout()}>
            {t('nav.logout')}
          </Button>
        </div>
      </Drawer>
    </header>
  );
}
