import BTreeImport from 'sorted-btree';
import { bulkLoad } from 'sorted-btree/extended/bulkLoad.js';

// sorted-btree is CommonJS with `exports.default`: Node's ESM loader hands back the exports
// object, bundlers and vitest the class itself. One place resolves both.
const loaded = BTreeImport as unknown as { default?: typeof BTreeImport };

/** A B+ tree (sorted-btree): ordered keys, O(log n) edits, O(1) copy-on-write clone(). */
export const BTree: typeof BTreeImport = loaded.default ?? BTreeImport;
export type BTree<K, V> = BTreeImport<K, V>;

/** sorted-btree's default branching factor */
const NODE_SIZE = 64;

/** Plain ordering for bigint or string keys: sorted-btree's default comparator also handles mixed types, at a cost. */
export const compareKeys = <K extends bigint | string>(a: K, b: K): number => (a < b ? -1 : a > b ? 1 : 0);

/** A tree from keys sorted strictly ascending, built in O(n) (sorted-btree's bulk load): a restart's rebuild. */
export function treeFromSorted<K, V>(keys: K[], values: V[], compare: (a: K, b: K) => number): BTree<K, V> {
  if (keys.length === 0) return new BTree<K, V>(undefined, compare);
  return bulkLoad(keys, values, NODE_SIZE, compare);
}
