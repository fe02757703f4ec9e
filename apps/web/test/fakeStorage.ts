/** An in-memory localStorage for unit tests that run without a browser. */
export function fakeStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> & {
  entries(): Record<string, string>;
} {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    entries: () => Object.fromEntries(items),
  };
}
