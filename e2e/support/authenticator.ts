import { expect } from '@playwright/test';
import { generate } from 'otplib';

const STEP_SECONDS = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/**
 * The authenticator app of one secret, typing codes the server cannot refuse: each code is of a
 * later time step than the one before (the server takes a step once, so a code of the same or an
 * earlier step is a replay), and of the current step or the next one (the server accepts one step
 * either side), so a code stays good for at least a whole step after it is made, however slowly
 * the page sends it. When the next unused step is two ahead, it waits for the clock to reach it.
 */
export class Authenticator {
  private lastStep = -1;

  constructor(private readonly secret: string) {}

  async code(): Promise<string> {
    await expect
      .poll(() => this.lastStep + 1 <= stepNow() + 1, { message: 'the next unused time step is at most one ahead', timeout: 2 * STEP_SECONDS * 1000 })
      .toBe(true);
    const step = Math.max(stepNow(), this.lastStep + 1);
    this.lastStep = step;
    return generate({ secret: this.secret, epoch: step * STEP_SECONDS });
  }
}
