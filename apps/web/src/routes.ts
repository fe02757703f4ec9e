/**
 * Every route of the spec, by path, and the page it shows (`src/pages/<page>.tsx`, its own chunk).
 * /change and /changes are the same page. Read by the app's router and by the build, which writes
 * each route an HTML page that asks for its chunks from the start (prerender.ts).
 */
export const ROUTE_PAGES = {
  exchange: 'Exchange',
  second: 'Second',
  contracts: 'Contracts',
  myasset: 'MyAsset',
  myinvee: 'MyInvee',
  login: 'Login',
  register: 'Register',
  accountset: 'AccountSet',
  transferlog: 'TransferLog',
  change: 'Change',
  changes: 'Change',
  changed: 'Changed',
  authentication: 'Authentication',
  withdrawaddress: 'WithdrawAddress',
  transferlegal: 'TransferLegal',
  forgetpwd: 'ForgetPwd',
  resetpwd: 'ResetPwd',
  jymm: 'Jymm',
  bankbind: 'BankBind',
} as const;

/** The route the root redirects to. */
export const HOME_ROUTE = 'exchange';
