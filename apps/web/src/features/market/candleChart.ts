import type { TCandleBar } from '@tidemark/protocol';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  type ISeriesApi,
  type LineData,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { decimalsOf, LOCALE } from '../../format';
import { palette } from '../../theme';
import { LiveBars } from './liveBars';
import { crossings, movingAverage, STUDY_LINES } from './studies';
import { zoneOffsetMs } from './zone';

/** The axis shows prices to the pair's tick; the library wants the tick as a number (drawing only). */
const priceFormat = (tick: string) => ({ type: 'price', precision: decimalsOf(tick), minMove: Number(tick) }) as const;

// The chart library takes numbers; these bars are for drawing only and never feed a balance.
interface Bar {
  timeMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const toBar = (wire: TCandleBar): Bar => ({
  timeMs: wire.time,
  open: Number(wire.open),
  high: Number(wire.high),
  low: Number(wire.low),
  close: Number(wire.close),
  volume: Number(wire.volume),
});

// Translucent, so the volume bars stay behind the candles.
const volumeColor = (bar: Bar) => (bar.close >= bar.open ? `${palette.up}66` : `${palette.down}66`);

const lineOptions = { lineWidth: 1, lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false } as const;

/** Older history is asked for when the trader has scrolled to within this many bars of the oldest. */
const SCROLL_BACK_MARGIN_BARS = 20;

/** Live bars are drawn at most this often (see LiveBars): on a phone, faster keeps the page busy. */
const LIVE_DRAW_MS = 1000;

/**
 * The candle chart, driven imperatively: history is set once per interval and the open bar is
 * updated in place as ticks come (at most once per LIVE_DRAW_MS), so live prices never re-render React.
 */
export class CandleChart {
  private readonly chart;
  private readonly candles;
  private readonly line;
  private readonly volume;
  private readonly studies: ISeriesApi<'Line'>[];
  private readonly markers;
  /** the crossings last drawn, by bar time and direction: the library redraws on every setMarkers */
  private drawnCrossings: string | undefined;
  private bars: Bar[] = [];
  /** the zone's offset now, applied to every bar alike so times stay in order across a clock change */
  private offsetMs = 0;
  private readonly live = new LiveBars<Bar>((bars) => bars.forEach((bar) => this.putBar(bar)), LIVE_DRAW_MS);

  /** Made with the first history, so the chart is first drawn with its bars (never empty, then again full). */
  constructor(
    container: HTMLElement,
    private zone: string,
    tick: string,
    line: boolean,
  ) {
    this.chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: palette.surface }, textColor: palette.muted, fontSize: 11 },
      grid: { vertLines: { color: palette.raised }, horzLines: { color: palette.raised } },
      rightPriceScale: { borderColor: palette.border, scaleMargins: { top: 0.08, bottom: 0.22 } },
      timeScale: { borderColor: palette.border, timeVisible: true, secondsVisible: false },
    });
    this.candles = this.chart.addSeries(CandlestickSeries, {
      upColor: palette.up,
      downColor: palette.down,
      wickUpColor: palette.up,
      wickDownColor: palette.down,
      borderVisible: false,
    });
    this.line = this.chart.addSeries(LineSeries, { color: palette.accent, lineWidth: 2, visible: false });
    this.volume = this.chart.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: 'volume',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    this.volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    this.studies = STUDY_LINES.map(({ color }) => this.chart.addSeries(LineSeries, { ...lineOptions, color }));
    // On the MA 10 line, so the crossings show in both the candle and the line view.
    this.markers = createSeriesMarkers(this.studies[1]!);
    this.setTick(tick);
    this.setLineView(line);
  }

  /** Prices on the axis and the last-price label to the pair's tick, grouped as the language writes numbers. */
  setTick(tick: string): void {
    const decimals = decimalsOf(tick);
    const axis = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    this.chart.applyOptions({ localization: { locale: LOCALE, priceFormatter: (price: number) => axis.format(price) } });
    this.candles.applyOptions({ priceFormat: priceFormat(tick) });
    this.line.applyOptions({ priceFormat: priceFormat(tick) });
  }

  /** The realtime view draws a line of closes; the others draw candles. */
  setLineView(line: boolean): void {
    this.candles.applyOptions({ visible: !line });
    this.line.applyOptions({ visible: line });
  }

  setZone(zone: string): void {
    this.zone = zone;
    this.draw();
  }

  setHistory(history: TCandleBar[]): void {
    this.bars = history.map(toBar);
    this.draw();
  }

  /** Empties the chart while another interval loads, so old bars are never shown as new ones. */
  clear(): void {
    this.bars = [];
    this.live.drop();
    this.draw();
  }

  /** The time of the oldest bar held, if any. */
  oldestMs(): number | undefined {
    return this.bars[0]?.timeMs;
  }

  /** Calls `near` whenever the view comes within SCROLL_BACK_MARGIN_BARS of the oldest bar. */
  onScrollBack(near: () => void): void {
    this.chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (range && this.bars.length > 0 && range.from < SCROLL_BACK_MARGIN_BARS) near();
    });
  }

  /** Bars older than those held (the rest is ignored), put before them with the view kept where it is. */
  prependHistory(older: TCandleBar[]): number {
    const oldest = this.bars[0]?.timeMs ?? Infinity;
    const added = older.map(toBar).filter((bar) => bar.timeMs < oldest);
    if (added.length === 0) return 0;
    const view = this.chart.timeScale().getVisibleLogicalRange();
    this.bars = [...added, ...this.bars];
    this.draw();
    if (view) this.chart.timeScale().setVisibleLogicalRange({ from: view.from + added.length, to: view.to + added.length });
    return added.length;
  }

  /** The open bar changed (or a new one opened). */
  update(wire: TCandleBar): void {
    this.live.push(toBar(wire));
  }

  dispose(): void {
    this.live.stop();
    this.chart.remove();
  }

  private putBar(bar: Bar): void {
    const last = this.bars.at(-1);
    // no history drawn: the caller holds live bars until it is
    if (!last) return;
    // an update for a bar the history already closed: the chart cannot go back in time
    if (bar.timeMs < last.timeMs) return;
    if (bar.timeMs === last.timeMs) this.bars[this.bars.length - 1] = bar;
    else this.bars.push(bar);
    // the zone just changed its clock (daylight saving): shift everything, not just this bar
    if (zoneOffsetMs(this.zone, bar.timeMs) !== this.offsetMs) return this.draw();
    const time = this.time(bar.timeMs);
    this.candles.update({ time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
    this.line.update({ time, value: bar.close });
    this.volume.update({ time, value: bar.volume, color: volumeColor(bar) });
    const averages = this.averages();
    this.studies.forEach((series, i) => {
      const value = averages[i]!.at(-1);
      if (value !== undefined) series.update({ time, value });
    });
    this.setCrossMarkers(averages);
  }

  private draw(): void {
    this.offsetMs = zoneOffsetMs(this.zone, this.bars.at(-1)?.timeMs ?? Date.now());
    const times = this.bars.map((bar) => this.time(bar.timeMs));
    this.candles.setData(this.bars.map((bar, i) => ({ time: times[i]!, open: bar.open, high: bar.high, low: bar.low, close: bar.close })));
    this.line.setData(this.bars.map((bar, i) => ({ time: times[i]!, value: bar.close })));
    this.volume.setData(this.bars.map((bar, i) => ({ time: times[i]!, value: bar.volume, color: volumeColor(bar) })));
    const averages = this.averages();
    this.studies.forEach((series, i) =>
      series.setData(averages[i]!.flatMap((value, j): LineData[] => (value === undefined ? [] : [{ time: times[j]!, value }]))),
    );
    // the series were all set anew: so are the markers
    this.drawnCrossings = undefined;
    this.setCrossMarkers(averages);
  }

  private averages(): (number | undefined)[][] {
    const closes = this.bars.map((bar) => bar.close);
    return STUDY_LINES.map(({ length }) => movingAverage(closes, length));
  }

  /** Marks where MA10 crosses MA20, when the crossings differ from those drawn (a tick seldom moves one). */
  private setCrossMarkers([, fast, slow]: (number | undefined)[][]): void {
    const found = crossings(fast!, slow!);
    const key = found.map(({ index, direction }) => `${this.bars[index]!.timeMs}${direction}`).join();
    if (key === this.drawnCrossings) return;
    this.drawnCrossings = key;
    const marks = found.map(({ index, direction }): SeriesMarker<Time> => ({
      time: this.time(this.bars[index]!.timeMs),
      position: direction === 'up' ? 'belowBar' : 'aboveBar',
      // a dot in MA10's colour, named in the legend, so the crossing is not read as a buy or sell arrow
      shape: 'circle',
      color: STUDY_LINES[1].color,
    }));
    this.markers.setMarkers(marks);
  }

  /** The library draws times as UTC: shift them so its clock reads the chosen zone's. */
  private time(timeMs: number): UTCTimestamp {
    return ((timeMs + this.offsetMs) / 1000) as UTCTimestamp;
  }
}
