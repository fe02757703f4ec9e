import { useQuery } from '@tanstack/react-query';
import { calls, type CallOutput, type Calls, type TQuotation } from '@tidemark/protocol';
import { call } from './client';

/** A market pair; prices and percents are decimal strings. */
export type Quotation = TQuotation;
/** A tab of pairs in the market list. */
export type QuotationGroup = CallOutput<Calls['quotationNew']>[number];
/** Public settings; support_url (customer-service chat) is empty when the operator has none. */
export type CommonConfig = CallOutput<Calls['commonConfig']>;

const QUOTATION_REFRESH_MS = 5_000;

export function useQuotationGroups() {
  return useQuery({
    queryKey: ['currency', 'quotation_new'],
    queryFn: () => call(calls.quotationNew, undefined),
    refetchInterval: QUOTATION_REFRESH_MS,
  });
}

export function useCommonConfig() {
  return useQuery({
    queryKey: ['common', 'config'],
    queryFn: () => call(calls.commonConfig, undefined),
    staleTime: Infinity,
  });
}
