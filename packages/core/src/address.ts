import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

/**
 * Withdrawal addresses checked by their chain's own rules (checksums included), so a typo is
 * refused before money leaves rather than lost on the chain. Pure: the server and the web form
 * run the same check.
 */
export type AddressKind = 'btc' | 'ltc' | 'tron' | 'evm';

/** Coins withdrawn on their own chain whatever network the form names; tokens follow the network. */
const NATIVE_CHAIN: Readonly<Record<string, AddressKind>> = { BTC: 'btc', LTC: 'ltc', ETH: 'evm' };
const TOKEN_NETWORK: Readonly<Record<string, AddressKind>> = { TRC20: 'tron', ERC20: 'evm' };

/** Which rules an address of `currencyName` sent over `network` must follow; undefined for a network we cannot check. */
export function addressKind(currencyName: string, network: string): AddressKind | undefined {
  return NATIVE_CHAIN[currencyName.toUpperCase()] ?? TOKEN_NETWORK[network.toUpperCase()];
}

/** How each kind is named in messages. */
export const ADDRESS_KIND_NAME: Readonly<Record<AddressKind, string>> = { btc: 'BTC', ltc: 'LTC', tron: 'TRC20', evm: 'ERC20' };

const base58check = createBase58check(sha256);

/** Base58Check payload bytes, or undefined when the text or its checksum is wrong. */
function base58Payload(address: string): Uint8Array | undefined {
  try {
    return base58check.decode(address);
  } catch {
    return undefined;
  }
}

/** A legacy address: 1 version byte and a 20-byte hash. */
function isBase58Address(address: string, versions: readonly number[]): boolean {
  const payload = base58Payload(address);
  return payload !== undefined && payload.length === 21 && versions.includes(payload[0]!);
}

/** A SegWit address (BIP 173 for version 0, BIP 350 bech32m for later versions) of `hrp`. */
function isSegwitAddress(address: string, hrp: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  for (const [coder, versionZero] of [
    [bech32, true],
    [bech32m, false],
  ] as const) {
    const decoded = coder.decodeUnsafe(lower, 90);
    if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) continue;
    const version = decoded.words[0]!;
    if (version > 16 || (version === 0) !== versionZero) continue;
    const program = coder.fromWordsUnsafe(decoded.words.slice(1));
    if (!program) return false;
    return version === 0 ? program.length === 20 || program.length === 32 : program.length >= 2 && program.length <= 40;
  }
  return false;
}

/** 0x and 40 hex digits; in mixed case the EIP-55 checksum must hold (all-lower and all-upper carry none). */
function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex.toLowerCase())));
  return [...hex].every((char, i) => {
    if (!/[a-fA-F]/.test(char)) return true;
    const upper = parseInt(hash[i]!, 16) >= 8;
    return upper ? char === char.toUpperCase() : char === char.toLowerCase();
  });
}

/** Tron: Base58Check of 0x41 and a 20-byte hash, which always reads T... in 34 characters. */
function isTronAddress(address: string): boolean {
  return address.length === 34 && address.startsWith('T') && isBase58Address(address, [0x41]);
}

/** Whether `address` is a well-formed address of its kind, checksum included. */
export function isValidAddress(kind: AddressKind, address: string): boolean {
  switch (kind) {
    case 'btc':
      return isBase58Address(address, [0x00, 0x05]) || isSegwitAddress(address, 'bc');
    case 'ltc':
      return isBase58Address(address, [0x30, 0x32, 0x05]) || isSegwitAddress(address, 'ltc');
    case 'tron':
      return isTronAddress(address);
    case 'evm':
      return isEvmAddress(address);
  }
}
