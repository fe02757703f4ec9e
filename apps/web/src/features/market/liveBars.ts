/**
 * Live bars between two drawings of the chart: the first is drawn at once, then what came
 * meanwhile at most every `gapMs`, one bar per bar time (its latest state), oldest first. The
 * feed moves the open bar several times a second and each drawing repaints the whole chart.
 */
export class LiveBars<B extends { timeMs: number }> {
  private pending: B[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly draw: (bars: B[]) => void,
    private readonly gapMs: number,
  ) {}

  push(bar: B): void {
    if (this.pending.at(-1)?.timeMs === bar.timeMs) this.pending[this.pending.length - 1] = bar;
    else this.pending.push(bar);
    if (this.timer === undefined) this.flush();
  }

  /** Forgets the bars not drawn yet (the chart shows another interval now). */
  drop(): void {
    this.pending = [];
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  private flush(): void {
    const bars = this.pending;
    this.pending = [];
    if (bars.length === 0) {
      this.timer = undefined;
      return;
    }
    this.draw(bars);
    this.timer = setTimeout(() => this.flush(), this.gapMs);
  }
}
