export * from './money';
export * from './ledger';
export * from './wallet';
export * from './market';
export * from './fee';
export * from './clock';
export * from './micro';
export * from './lever';
