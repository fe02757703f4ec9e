export * from './lang';
export * from './limits';
export * from './errors';
export * from './messages';
export * from './envelope';
export * from './fields';
export * from './calls/common';
export * from './calls/currency';
