import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import Layout from './components/Layout';

// Each page is its own chunk, so the trading pages' charts load only where they are used.
const NotFoundPage = lazy(() => import('./pages/NotFound'));
const changePage = () => import('./pages/Change');

/** Every route of the spec, by path, as its chunk's loader. /change and /changes are the same page. */
const LOADERS: Record<string, () => Promise<{ default: ComponentType }>> = {
  exchange: () => import('./pages/Exchange'),
  second: () => import('./pages/Second'),
  contracts: () => import('./pages/Contracts'),
  myasset: () => import('./pages/MyAsset'),
  myinvee: () => import('./pages/MyInvee'),
  login: () => import('./pages/Login'),
  register: () => import('./pages/Register'),
  accountset: () => import('./pages/AccountSet'),
  transferlog: () => import('./pages/TransferLog'),
  change: changePage,
  changes: changePage,
  changed: () => import('./pages/Changed'),
  authentication: () => import('./pages/Authentication'),
  withdrawaddress: () => import('./pages/WithdrawAddress'),
  transferlegal: () => import('./pages/TransferLegal'),
  forgetpwd: () => import('./pages/ForgetPwd'),
  resetpwd: () => import('./pages/ResetPwd'),
  jymm: () => import('./pages/Jymm'),
  bankbind: () => import('./pages/BankBind'),
};
const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([path, load]) => [path, lazy(load)]));

/**
 * Starts loading the page of `pathname` (the root is the exchange) while the app's texts load, so
 * the first render finds it there; the lazy route later gets the same module.
 */
export function preloadPage(pathname: string): void {
  void LOADERS[pathname.split('/')[1] || 'exchange']?.().catch(() => undefined);
}

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
