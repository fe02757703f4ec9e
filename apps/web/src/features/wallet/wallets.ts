import type { ParseKeys } from 'i18next';
import type { BalanceRow, WalletList } from './queries';

/** The four accounts of a user, by the transfer call's field values. */
export type Wallet = 'change' | 'lever' | 'micro' | 'legal';
export const WALLET_KINDS: readonly Wallet[] = ['change', 'lever', 'micro', 'legal'];

export const walletLabel = (wallet: string): ParseKeys =>
  WALLET_KINDS.includes(wallet as Wallet) ? `wallet.kinds.${wallet as Wallet}` : 'wallet.kinds.unknown';

/** A currency's available amount in one wallet. */
export const availableIn = (row: BalanceRow, wallet: Wallet): string => row[`${wallet}_balance`];
/** A currency's frozen amount in one wallet (e.g. withdrawals waiting for review). */
export const frozenIn = (row: BalanceRow, wallet: Wallet): string => row[`lock_${wallet}_balance`];

/** The currencies a wallet holds; each wallet's list has only the currencies allowed in it. */
export const walletRows = (list: WalletList, wallet: Wallet): BalanceRow[] => list[`${wallet}_wallet`].balance;

/** The platform-open flag: deposits and withdrawals are offered only when it is 1. */
export const isPlatformOpen = (list: WalletList): boolean => list.is_open_CTbi === 1;
