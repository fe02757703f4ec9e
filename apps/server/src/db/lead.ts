/**
 * A write of an engine leader whose term has ended: another process leads now, and nothing of it
 * was written (see `proveLead` in modules/leadership). Crosses the writer thread as its two epochs.
 */
export class LeadLost extends Error {
  constructor(
    readonly epoch: bigint,
    readonly currentEpoch: bigint,
  ) {
    super(`the engine lead of epoch ${epoch} has passed to epoch ${currentEpoch}`);
    this.name = 'LeadLost';
  }
}
