import { slice } from '../market/slice';

/**
 * A price chosen outside the order form (a click on a level of the order book): the form takes it
 * as its limit price. `pickPrice` is what the book calls; the form follows the slice.
 */
export const pickedPrice = slice<{ price: string } | undefined>(undefined);

/** A new object each time, so picking the same price twice still reaches the form. */
export const pickPrice = (price: string): void => pickedPrice.set({ price });
