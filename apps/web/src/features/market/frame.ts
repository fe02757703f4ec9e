const due = new Set<() => void>();
let frame = 0;

function runDue(): void {
  frame = 0;
  const now = [...due];
  due.clear();
  now.forEach((listener) => listener());
}

/**
 * Calls `listener` in the next animation frame, once however often it is asked for meanwhile.
 * Every listener due in a frame runs in the same callback, so the React updates they make are
 * rendered and committed together (a callback of its own each would commit once each: the
 * microtasks between two callbacks flush React's synchronous updates). Returns the cancel.
 */
export function inNextFrame(listener: () => void): () => void {
  due.add(listener);
  frame ||= requestAnimationFrame(runDue);
  return () => void due.delete(listener);
}
