export * from './lang';
export * from './limits';
export * from './reference';
export * from './statuses';
export * from './errors';
export * from './messages';
export * from './envelope';
export * from './fields';
export * from './time';
export * from './calls/common';
export * from './calls/currency';
export * from './calls/user';
export * from './calls/wallet';
export * from './ledger-texts';
export * from './calls/market';
// micro options
export * from './calls/micro';
// lever
export * from './calls/lever';
export * from './calls/spot';
// health
export * from './calls/health';
// staff console
export * from './calls/admin';
export * from './calls/admin-markets';
export * from './channels';
export * from './events';
export * from './api';
