import type { Quotation } from '../../api/queries';

/** The pairs the contract page lists and trades: those open for contracts. */
export const isLeverPair = (quotation: Quotation) => quotation.open_lever === 1;
