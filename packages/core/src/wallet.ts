/** A user's four wallets, by the spec's names: spot, contract, micro option and fiat. */
export const WALLET_KINDS = ['change', 'lever', 'micro', 'legal'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** The flags of a currency saying which wallets hold it (1 yes, 0 no), as stored. */
export interface WalletFlags {
  is_match: bigint;
  is_lever: bigint;
  is_micro: bigint;
  is_legal: bigint;
}

const FLAG_OF: Record<WalletKind, keyof WalletFlags> = { change: 'is_match', lever: 'is_lever', micro: 'is_micro', legal: 'is_legal' };

/** Whether a wallet holds a currency: transfers and wallet lists follow the currency's flags. */
export function walletAllows(wallet: WalletKind, currency: WalletFlags): boolean {
  return currency[FLAG_OF[wallet]] === 1n;
}
