export * from './types';
export * from './formulas';
export * from './postings';
export * from './triggers';
export * from './engine';
export * from './replay';
