import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavItem } from './nav';

interface Props {
  items: NavItem[];
  vertical?: boolean;
  onNavigate?: () => void;
}

export default function NavList({ items, vertical = false, onNavigate }: Props) {
  const { t } = useTranslation();
  return (
    <nav className={vertical ? 'tm-nav tm-nav-vertical' : 'tm-nav'}>
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} onClick={onNavigate}>
          {t(item.label)}
        </NavLink>
      ))}
    </nav>
  );
}
