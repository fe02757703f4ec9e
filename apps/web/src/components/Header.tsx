import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../hooks/useIsMobile';
import AccountMenu from './AccountMenu';
import Brand from './Brand';
import LanguageSwitch from './LanguageSwitch';
import { useMainNav } from './nav';
import NavList from './NavList';
import SupportLink from './SupportLink';
import TransferButton from './TransferButton';

// the drawer (with its divider and motion) loads when first opened
const MenuDrawer = lazy(() => import('./MenuDrawer'));

/** The logged-in header: a full bar on desktop, a compact bar with a drawer below 1200px. */
export default function Header() {
  return useIsMobile() ? <CompactHeader /> : <WideHeader />;
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
  // mounted from the first open on, so closing keeps antd's closing motion
  const [open, setOpen] = useState<boolean>();
  return (
    <header className="tm-header">
      <Brand />
      <Button type="text" icon={<MenuOutlined aria-hidden />} aria-label={t('nav.menu')} onClick={() => setOpen(true)} />
      {open !== undefined && (
        <Suspense fallback={null}>
          <MenuDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
