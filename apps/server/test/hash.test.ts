import fc from 'fast-check';
import { sha256Hex } from '@tidemark/core';
import { describe, expect, it } from 'vitest';
import { nativeSha256Hex } from '../src/hash';

// fast-check prints the seed of a failing run; SEED=<n> replays it
const params = process.env.SEED ? { seed: Number(process.env.SEED) } : {};

describe('the native sha-256 of settlement records', () => {
  it('gives the known digest', () => {
    // sha256 of "abc", FIPS 180-2 appendix B.1
    expect(nativeSha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it("is the core's portable digest, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(nativeSha256Hex(text)).toBe(sha256Hex(text));
      }),
      params,
    );
  });
});
