import { useQuery } from '@tanstack/react-query';
import type { TCommonConfigResponse, TQuotation, TQuotationNewResponse } from '@tidemark/protocol';
import { get } from './client';

/** A market pair; prices and percents are decimal strings. */
export type Quotation = TQuotation;
/** A tab of pairs in the market list. */
export type QuotationGroup = TQuotationNewResponse['message'][number];
/** Public settings; support_url (customer-service chat) is empty when the operator has none. */
export type CommonConfig = TCommonConfigResponse['message'];

const QUOTATION_REFRESH_MS = 5_000;

export function useQuotationGroups() {
  return useQuery({
    queryKey: ['currency', 'quotation_new'],
    queryFn: () => get<QuotationGroup[]>('/api/currency/quotation_new'),
    refetchInterval: QUOTATION_REFRESH_MS,
  });
}

export function useCommonConfig() {
  return useQuery({
    queryKey: ['common', 'config'],
    queryFn: () => get<CommonConfig>('/api/common/config'),
    staleTime: Infinity,
  });
}
