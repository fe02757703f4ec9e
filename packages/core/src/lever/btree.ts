import BTreeImport from 'sorted-btree';

// sorted-btree is CommonJS with `exports.default`: Node's ESM loader hands back the exports
// object, bundlers and vitest the class itself. One place resolves both.
const loaded = BTreeImport as unknown as { default?: typeof BTreeImport };

/** A B+ tree (sorted-btree): ordered keys, O(log n) edits, O(1) copy-on-write clone(). */
export const BTree: typeof BTreeImport = loaded.default ?? BTreeImport;
export type BTree<K, V> = BTreeImport<K, V>;

/** Plain ordering for bigint or string keys: sorted-btree's default comparator also handles mixed types, at a cost. */
export const compareKeys = <K extends bigint | string>(a: K, b: K): number => (a < b ? -1 : a > b ? 1 : 0);
