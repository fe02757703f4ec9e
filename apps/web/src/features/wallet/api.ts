import { calls, type CallInput, type Calls } from '@tidemark/protocol';
import { call } from '../../api/client';

/*
 * Every wallet read and address or card change of the web app, one function per call of the
 * protocol's table: components and hooks reach the server only through these. Ids are numbers
 * here and decimal text on the wire. The money-moving calls (transfer, withdrawal, deposit) are
 * submitted through `useCallMutation`, which gives each submit its idempotency key.
 */

/** An id as the wire carries it. */
export const id = (value: number) => String(value);

export const fetchWalletList = () => call(calls.walletList, undefined);

export const fetchCurrencyList = () => call(calls.walletCurrencyList, undefined);

export const fetchInAddress = (currency: number) => call(calls.walletInAddress, { currency: id(currency), requestType: 'pc' });

export const fetchWithdrawInfo = (currency: number) => call(calls.walletWithdrawInfo, { currency: id(currency) });

export const fetchAddressBook = (currency: number) => call(calls.walletAddresses, { currency: id(currency) });

/** The bound bank card; bank_account is missing when none is bound. */
export const fetchCashInfo = () => call(calls.userCashInfo, undefined);

export const fetchLegalLog = (fields: CallInput<Calls['walletLegalLog']>) => call(calls.walletLegalLog, fields);

export const fetchTransferLog = (fields: CallInput<Calls['accountList']>) => call(calls.accountList, fields);

export const fetchWithdrawals = (page: number) => call(calls.walletWithdrawList, { page });

export const fetchDeposits = (page: number) => call(calls.walletChargeList, { page });

export type NewAddress = Omit<CallInput<Calls['walletAddAddress']>, 'currency_id'> & { currency_id: number };
export const addAddress = (fields: NewAddress) => call(calls.walletAddAddress, { ...fields, currency_id: id(fields.currency_id) });

export const deleteAddress = (addressId: number) => call(calls.walletDeleteAddress, { address_id: id(addressId) });

export const bindBankCard = (card: CallInput<Calls['userBankBind']>) => call(calls.userBankBind, card);
