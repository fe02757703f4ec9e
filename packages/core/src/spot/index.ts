export * from './types';
export { assertPairRules, bandOf, checkSpotSubmit, feeUnitsFor } from './rules';
export { SpotBook, createSpotBook } from './book';
export { stepSpot, type SpotStep } from './engine';
export * from './postings';
export { makerLadder, quoteKey, type SpotMakerConfig, type SpotQuote } from './maker';
