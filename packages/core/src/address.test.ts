import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { addressKind, isValidAddress } from './address';

/** The last character changed to another of the same alphabet: a typo the checksum must catch. */
const typo = (address: string) => address.slice(0, -1) + (address.endsWith('2') ? '3' : '2');

describe('addressKind', () => {
  it('checks coins on their own chain and tokens on the network chosen', () => {
    expect(addressKind('BTC', 'TRC20')).toBe('btc');
    expect(addressKind('LTC', 'ERC20')).toBe('ltc');
    expect(addressKind('ETH', 'TRC20')).toBe('evm');
    expect(addressKind('USDT', 'TRC20')).toBe('tron');
    expect(addressKind('USDT', 'ERC20')).toBe('evm');
    expect(addressKind('USDT', 'Bank')).toBeUndefined();
  });
});

describe('Bitcoin addresses', () => {
  it.each([
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ])('accepts %s', (address) => expect(isValidAddress('btc', address)).toBe(true));

  it.each([
    ['a typo in a legacy address', typo('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')],
    ['a typo in a bech32 address', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['mixed case bech32', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['a taproot address in bech32 instead of bech32m', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj1'],
    ['a testnet address', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['a Tron address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['nothing', ''],
  ])('refuses %s', (_, address) => expect(isValidAddress('btc', address)).toBe(false));
});

describe('Litecoin addresses', () => {
  const base58check = createBase58check(sha256);
  const legacy = (version: number) => base58check.encode(Uint8Array.from([version, ...new Array<number>(20).fill(7)]));

  it('accepts L, M and 3 addresses and refuses Bitcoin ones', () => {
    expect(isValidAddress('ltc', legacy(0x30))).toBe(true);
    expect(isValidAddress('ltc', legacy(0x32))).toBe(true);
    expect(isValidAddress('ltc', typo(legacy(0x30)))).toBe(false);
    expect(isValidAddress('ltc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
    expect(isValidAddress('ltc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
  });
});

describe('Tron addresses', () => {
  it('accepts a base58check T address of 34 characters', () => {
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
  });

  it.each([
    ['a typo', typo('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')],
    ['a short one', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['a placeholder', 'SET-USDT-TRC20-DEPOSIT-ADDRESS-IN'],
  ])('refuses %s', (_, address) => expect(isValidAddress('tron', address)).toBe(false));
});

describe('Ethereum addresses', () => {
  it.each([
    // EIP-55's own examples
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED',
  ])('accepts %s', (address) => expect(isValidAddress('evm', address)).toBe(true));

  it.each([
    ['a broken checksum in mixed case', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['39 hex digits', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['no 0x', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['a non-hex digit', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg'],
    ['a Tron address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ])('refuses %s', (_, address) => expect(isValidAddress('evm', address)).toBe(false));
});
