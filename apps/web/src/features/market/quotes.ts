import { useEffect } from 'react';
import { DEFAULT_STEP } from '../../format/number';
import { useQuotationGroups, type Quotation, type QuotationGroup } from '../../api/queries';
import { choosePair, symbolOf } from './pair';

/** A displayed pair with its place in the quotation list (index1 = group, index2 = row), as the session stores it. */
export interface Listed {
  quotation: Quotation;
  groupIndex: number;
  rowIndex: number;
}

/** Which pairs a page lists (the micro page: those open for micro options; the contract page: for contracts). */
export type PairFilter = (quotation: Quotation) => boolean;

/** The spec's default pair (match_id 2, BTC/USDT). */
const DEFAULT_PAIR_ID = 2;

/** The displayed pairs (is_display 1) of one group, or of every group whose pairs match `search`. */
export function listPairs(groups: readonly QuotationGroup[], groupIndex: number, search: string, only: PairFilter = () => true): Listed[] {
  const query = search.trim().toUpperCase();
  const seen = new Set<number>();
  return groups.flatMap((group, g) =>
    group.quotation.flatMap((quotation, rowIndex): Listed[] => {
      const inScope = query ? symbolOf(quotation).includes(query) : g === groupIndex;
      // a pair listed in several groups is found once
      if (quotation.is_display !== 1 || !inScope || seen.has(quotation.id) || !only(quotation)) return [];
      seen.add(quotation.id);
      return [{ quotation, groupIndex: g, rowIndex }];
    }),
  );
}

/**
 * The pair a page shows among those `only` lets it trade: the stored one, else the default pair,
 * else the first; none when it lets none.
 */
export function pagePair(groups: readonly QuotationGroup[], symbol: string, only: PairFilter): Listed | undefined {
  const listed = groups
    .flatMap((group, groupIndex) => group.quotation.map((quotation, rowIndex) => ({ quotation, groupIndex, rowIndex })))
    .filter((l) => only(l.quotation));
  return listed.find((l) => symbolOf(l.quotation) === symbol) ?? listed.find((l) => l.quotation.id === DEFAULT_PAIR_ID) ?? listed[0];
}

/**
 * The stored pair, when `only` lets the page trade it. One it does not (chosen on another page) is
 * replaced by `pagePair`'s, the way choosing a pair does (undefined until then, and while the
 * pairs load); 'none' when `only` lets none.
 */
export function usePagePair(symbol: string, only: PairFilter): Quotation | 'none' | undefined {
  const { data: groups } = useQuotationGroups();
  const pair = groups && pagePair(groups, symbol, only);
  const replaced = pair && symbolOf(pair.quotation) !== symbol ? pair : undefined;
  useEffect(() => {
    if (replaced) choosePair(replaced.quotation, replaced.groupIndex, replaced.rowIndex);
  }, [replaced]);
  if (!groups) return undefined;
  if (!pair) return 'none';
  return replaced ? undefined : pair.quotation;
}

/** The tab to open: the stored one if it still exists, else the one holding the pair, else the first. */
export function initialGroup(groups: readonly QuotationGroup[], symbol: string, storedIndex: string | null): number {
  const stored = Number(storedIndex);
  if (storedIndex !== null && Number.isInteger(stored) && stored >= 0 && stored < groups.length) return stored;
  return Math.max(0, groups.findIndex((group) => group.quotation.some((q) => symbolOf(q) === symbol)));
}

/** The quotation of a pair (its 24-hour figures until the socket sends fresher ones). */
export function useQuotation(symbol: string): Quotation | undefined {
  const { data } = useQuotationGroups();
  return data?.flatMap((group) => group.quotation).find((quotation) => symbolOf(quotation) === symbol);
}

/** A pair's price tick and amount step ("0.01", "0.0001"); the spec's 4 decimals until its quotation loads. */
export interface Precision {
  tick: string;
  step: string;
}

export function usePrecision(symbol: string): Precision {
  const quotation = useQuotation(symbol);
  return { tick: quotation?.price_tick ?? DEFAULT_STEP, step: quotation?.amount_step ?? DEFAULT_STEP };
}
