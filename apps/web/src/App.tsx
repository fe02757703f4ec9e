import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import Layout from './components/Layout';

// Each page is its own chunk, so the trading pages' charts load only where they are used.
const ChangePage = lazy(() => import('./pages/Change'));
const NotFoundPage = lazy(() => import('./pages/NotFound'));

/** Every route of the spec, by path. /change and /changes are the same page. */
const PAGES: Record<string, ComponentType> = {
  exchange: lazy(() => import('./pages/Exchange')),
  second: lazy(() => import('./pages/Second')),
  contracts: lazy(() => import('./pages/Contracts')),
  myasset: lazy(() => import('./pages/MyAsset')),
  myinvee: lazy(() => import('./pages/MyInvee')),
  login: lazy(() => import('./pages/Login')),
  register: lazy(() => import('./pages/Register')),
  accountset: lazy(() => import('./pages/AccountSet')),
  transferlog: lazy(() => import('./pages/TransferLog')),
  change: ChangePage,
  changes: ChangePage,
  changed: lazy(() => import('./pages/Changed')),
  authentication: lazy(() => import('./pages/Authentication')),
  withdrawaddress: lazy(() => import('./pages/WithdrawAddress')),
  transferlegal: lazy(() => import('./pages/TransferLegal')),
  forgetpwd: lazy(() => import('./pages/ForgetPwd')),
  resetpwd: lazy(() => import('./pages/ResetPwd')),
  jymm: lazy(() => import('./pages/Jymm')),
  bankbind: lazy(() => import('./pages/BankBind')),
};

// staff console: its own chunk and layout, loaded only when /admin is opened
const AdminApp = lazy(() => import('./admin/AdminApp'));

// the declarative router: no route loads data through it, and its data APIs would double its size
export default function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="admin/*" element={<Suspense fallback={null}><AdminApp /></Suspense>} />
        <Route element={<Layout />}>
          <Route index element={<Navigate to="/exchange" replace />} />
          {Object.entries(PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
