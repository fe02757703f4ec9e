export * from './types';
export * from './submit';
export * from './settle';
export * from './schedule';
export * from './record';
export * from './engine';
