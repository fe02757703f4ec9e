export * from './money';
export * from './ledger';
export * from './market';
export * from './fee';
export * from './clock';
export * from './spot';
