/** A write of an engine leader whose term has ended: another process leads now. Nothing of it was written. */
export class LeadLost extends Error {
  constructor(
    readonly epoch: bigint,
    readonly currentEpoch: bigint,
  ) {
    super(`the engine lead of epoch ${epoch} has passed to epoch ${currentEpoch}`);
    this.name = 'LeadLost';
  }
}
