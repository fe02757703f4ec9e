import type { ComponentType } from 'react';

const changePage = () => import('./pages/Change');

/** Every route of the spec, by path, as its chunk's loader. /change and /changes are the same page. */
export const LOADERS: Record<string, () => Promise<{ default: ComponentType }>> = {
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

/**
 * Starts loading the page of `pathname` (the root is the exchange) beside the app and its texts,
 * so the first render finds it there; the lazy route later gets the same module.
 */
export function preloadPage(pathname: string): void {
  void LOADERS[pathname.split('/')[1] || 'exchange']?.().catch(() => undefined);
}
