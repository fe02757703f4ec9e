export type SeqVerdict = 'first' | 'next' | 'gap';

/**
 * Follows the `seq` of each event stream (an event name of one pair). Anything but the next
 * number is a gap: missed events, or a counter that restarted with a new engine leader. Either
 * way the snapshot must be reloaded, and the event becomes the new baseline.
 */
export class SeqTracker {
  private readonly last = new Map<string, number>();

  check(stream: string, seq: number): SeqVerdict {
    const previous = this.last.get(stream);
    this.last.set(stream, seq);
    if (previous === undefined) return 'first';
    return seq === previous + 1 ? 'next' : 'gap';
  }

  /** Forgets one stream (a new subscription), or all of them (a new connection). */
  reset(stream?: string): void {
    if (stream === undefined) this.last.clear();
    else this.last.delete(stream);
  }
}
