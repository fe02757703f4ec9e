import { percentOf } from './money';

/**
 * fee = amount x rate / 100 (rate in percent units), rounded up to the next 1e-8: the platform
 * never pays out more than amount minus the exact fee. Server and web quote the same figure.
 */
export function feeOf(amountUnits: bigint, ratePercentUnits: bigint): bigint {
  return percentOf(amountUnits, ratePercentUnits, 'up');
}
