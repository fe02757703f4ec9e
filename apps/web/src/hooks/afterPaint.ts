import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `work` once the browser has painted what is on screen now: a frame's callback runs just
 * before that frame paints, and a task queued from it runs after. What starts there (a chunk, a
 * connection) neither delays that paint nor shares the network with what it needs.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the component's first paint is on screen. What then renders does so as a
 * transition, in slices that leave the browser free between them (an update from a timer
 * would render in one long task).
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}
