import { useQuery } from '@tanstack/react-query';
import { Button, Layout, Menu, Result, Spin, Tag } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { calls, STAFF_INVITE_PATH, type StaffRole } from '@tidemark/protocol';
import LanguageSwitch from '../components/LanguageSwitch';
import { zoneLabel } from '../format/time';
import { useEndSession } from '../session/useLogout';
import { adminCall, onStaffTokenChange, setStaffToken, staffToken } from './api';
import Audit from './Audit';
import ChangePassword from './ChangePassword';
import Deposits from './Deposits';
import Identities from './Identities';
import Invite from './Invite';
import Markets from './Markets';
import Notices from './Notices';
import Risk from './Risk';
import SignIn from './SignIn';
import Staff from './Staff';
import Users from './Users';
import { adminText } from './texts';
import Withdrawals from './Withdrawals';
import './admin.css';

const SECTIONS = [
  { key: 'deposits', role: 'viewer' },
  { key: 'withdrawals', role: 'viewer' },
  { key: 'identities', role: 'viewer' },
  { key: 'users', role: 'viewer' },
  { key: 'notices', role: 'viewer' },
  { key: 'risk', role: 'viewer' },
  { key: 'markets', role: 'viewer' },
  { key: 'staffAccounts', role: 'admin' },
  { key: 'audit', role: 'admin' },
] as const satisfies ReadonlyArray<{ key: string; role: StaffRole }>;
const RANK: Record<StaffRole, number> = { viewer: 0, reviewer: 1, admin: 2 };

/** `/admin`: the staff console, its own sign-in and sections; loaded only when a staff member opens it. */
export default function AdminApp() {
  const token = useSyncExternalStore(onStaffTokenChange, staffToken);
  const location = useLocation();
  useEffect(() => {
    document.title = adminText('console');
  }, []);
  // an invite link is for someone not signed in yet, whatever this tab holds
  if (location.pathname === STAFF_INVITE_PATH) return <Invite />;
  return token ? <Console key={token} /> : <SignIn />;
}

function Console() {
  const navigate = useNavigate();
  const location = useLocation();
  const me = useQuery({ queryKey: ['admin', 'me'], queryFn: () => adminCall(calls.adminMe, undefined) });
  const signOut = useEndSession(() => adminCall(calls.adminLogout, undefined), () => setStaffToken(undefined), adminText('network'));
  if (me.isPending) return <Spin className="tm-loading" />;
  if (!me.data) return <Result status="warning" title={adminText('network')} extra={<Button onClick={() => void me.refetch()}>{adminText('next')}</Button>} />;

  const role = me.data.role;
  const sections = SECTIONS.filter((s) => RANK[role] >= RANK[s.role]);
  const canDecide = RANK[role] >= RANK.reviewer;
  const current = location.pathname.split('/')[2] ?? 'deposits';

  return (
    <Layout className="tm-admin">
      <Layout.Header className="tm-admin-header">
        <span className="tm-admin-title">{adminText('console')}</span>
        {/* the trader pages' zone and formatter: staff and traders read a time alike */}
        <span className="tm-admin-zone">{adminText('timesIn', { zone: zoneLabel() })}</span>
        <span className="tm-admin-me">
          {me.data.email} <Tag>{adminText(`role_${role}`)}</Tag>
          <LanguageSwitch />
          <ChangePassword />
          <Button size="small" onClick={() => void signOut.end()} loading={signOut.ending}>
            {adminText('signOut')}
          </Button>
        </span>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} className="tm-admin-sider">
          <Menu mode="inline" selectedKeys={[current]} items={sections.map((s) => ({ key: s.key, label: adminText(s.key) }))} onClick={({ key }) => void navigate(`/admin/${key}`)} />
        </Layout.Sider>
        <Layout.Content className="tm-admin-content">
          <h1 className="tm-admin-h1">{adminText(sections.find((s) => s.key === current)?.key ?? 'deposits')}</h1>
          <Routes>
            <Route index element={<Navigate to="deposits" replace />} />
            <Route path="deposits" element={<Deposits canDecide={canDecide} staffId={me.data.id} />} />
            <Route path="withdrawals" element={<Withdrawals canDecide={canDecide} staffId={me.data.id} />} />
            <Route path="identities" element={<Identities canDecide={canDecide} />} />
            <Route path="users" element={<Users isAdmin={role === 'admin'} />} />
            <Route path="notices" element={<Notices isAdmin={role === 'admin'} />} />
            <Route path="risk" element={<Risk isAdmin={role === 'admin'} />} />
            <Route path="markets" element={<Markets isAdmin={role === 'admin'} />} />
            {role === 'admin' && <Route path="staffAccounts" element={<Staff selfId={me.data.id} />} />}
            {role === 'admin' && <Route path="audit" element={<Audit />} />}
            <Route path="*" element={<Navigate to="deposits" replace />} />
          </Routes>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
