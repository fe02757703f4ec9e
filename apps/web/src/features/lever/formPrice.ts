import { slice } from '../market/slice';

/**
 * A price handed to the order form from elsewhere on the page (a click on an order book level):
 * the form switches to a limit order at that price. A new object each time, so the same price
 * clicked twice is applied twice.
 */
export const leverFormPrice = slice<{ price: string } | undefined>(undefined);

/** Fills the contract order form with a limit price. */
export function setLeverFormPrice(price: string): void {
  leverFormPrice.set({ price });
}
