export * from './rng';
export * from './period';
export * from './candle';
export * from './price';
export * from './stats';
export * from './sim';
export * from './backfill';
export * from './book';
