import type {
  NETWORKS,
  TAccountListResponse,
  TAddressListResponse,
  TCashInfoResponse,
  TCurrencyListResponse,
  TDepositListResponse,
  TInAddressResponse,
  TLegalLogResponse,
  TNoticeResponse,
  TWalletListResponse,
  TWithdrawInfoResponse,
  TWithdrawListResponse,
} from '@tidemark/protocol';
import { get, post, type Answer } from '../../api/client';
import type { Wallet } from './wallets';

/*
 * Every wallet call of the web app, one function per path: components and hooks reach the
 * server only through these. Arguments are the wire's fields (amounts as the decimal text typed).
 */

type Notice = Answer<TNoticeResponse>;

export const fetchWalletList = () => post<Answer<TWalletListResponse>>('/api/wallet/list');

export const fetchCurrencyList = () => get<Answer<TCurrencyListResponse>>('/api/wallet/currencylist');

export const fetchInAddress = (currency: number) =>
  post<Answer<TInAddressResponse>>('/api/wallet/get_in_address', { currency, requestType: 'pc' });

export const fetchWithdrawInfo = (currency: number) => post<Answer<TWithdrawInfoResponse>>('/api/wallet/get_info', { currency });

export const fetchAddressBook = (currency: number | undefined) =>
  post<Answer<TAddressListResponse>>('/api/wallet/get_address', { currency });

/** The bound bank card; bank_account is missing when none is bound. */
export const fetchCashInfo = (currency: number) => post<Answer<TCashInfoResponse>>('/api/user/cash_info', { currency });

export const fetchLegalLog = (fields: { type: number; currency: number; page: number }) =>
  post<Answer<TLegalLogResponse>>('/api/wallet/legal_log', fields);

export const fetchTransferLog = (fields: { limit: number; page: number }) =>
  post<Answer<TAccountListResponse>>('/api/account/list', fields);

export const fetchWithdrawals = (page: number) => post<Answer<TWithdrawListResponse>>('/api/wallet/withdraw_list', { page });

export const fetchDeposits = (page: number) => post<Answer<TDepositListResponse>>('/api/wallet/charge_list', { page });

export interface NewAddress {
  currency_id: number;
  netType: (typeof NETWORKS)[number];
  address: string;
  notes: string;
}
export const addAddress = (fields: NewAddress) => post<Notice>('/api/wallet/addaddress', { ...fields });

export const deleteAddress = (addressId: number) => post<Notice>('/api/wallet/deladdress', { address_id: addressId });

export const bindBankCard = (card: { bank_account: string; bank_name: string; real_name: string }) =>
  post<Notice>('/api/user/bank_bind', card);

export const requestDeposit = (fields: { currency: number; amount: string; pic: string }) =>
  post<Notice>('/api/wallet/charge_req', fields);

export const requestWithdrawal = (fields: { currency: number; address: string; number: string; pay_password: string; rate: string }) =>
  post<Notice>('/api/wallet/out', fields);

export interface Transfer {
  number: string;
  from_field: Wallet;
  to_field: Wallet;
  currency_id: number;
}
export const transfer = (fields: Transfer) => post<Notice>('/api/wallet/change', { ...fields });
