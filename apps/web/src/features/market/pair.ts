import type { TQuotation } from '@tidemark/protocol';
import { getSession, setSession } from '../../session/store';

/** The market the page shows, as the session stores it. */
export interface Pair {
  symbol: string;
  currencyId: string;
  legalId: string;
  currencyName: string;
  legalName: string;
}

export const symbolOf = (quotation: Pick<TQuotation, 'currency_name' | 'legal_name'>) =>
  `${quotation.currency_name}/${quotation.legal_name}`;

export function currentPair(): Pair {
  return {
    symbol: getSession('symbol'),
    currencyId: getSession('currency_id'),
    legalId: getSession('legal_id'),
    currencyName: getSession('currency_name'),
    legalName: getSession('legal_name'),
  };
}

/**
 * Stores the chosen pair with its tab and row (index1, index2) and reloads the page, as the spec
 * does: every panel, query and socket subscription then starts afresh on the new pair.
 */
export function choosePair(quotation: TQuotation, groupIndex: number, rowIndex: number): void {
  setSession('currency_id', quotation.currency_id);
  setSession('currency_name', quotation.currency_name);
  setSession('legal_id', quotation.legal_id);
  setSession('legal_name', quotation.legal_name);
  setSession('symbol', symbolOf(quotation));
  setSession('lastPrice', quotation.now_price);
  setSession('index1', groupIndex);
  setSession('index2', rowIndex);
  window.location.reload();
}
