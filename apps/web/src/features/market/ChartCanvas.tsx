import { Select, Spin } from 'antd';
import type { TCandleBar } from '@tidemark/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneLabel } from '../../format/time';
import { fetchBars } from './api';
import { CandleChart } from './candleChart';
import { chartZone, chooseZone } from './chartZone';
import { useFeed } from './FeedContext';
import type { Interval } from './intervals';
import { usePrecision } from './quotes';
import { useSlice } from './slice';
import { zoneChoices } from './zone';

/** The drawn chart (the chart library's chunk): history from the server, the open bar live. */
export default function ChartCanvas({ height, interval }: { height: number; interval: Interval }) {
  const { t } = useTranslation();
  const feed = useFeed();
  const { tick } = usePrecision(feed.pair.symbol);
  const zone = useSlice(chartZone);
  const container = useRef<HTMLDivElement>(null);
  // made with the first history (see CandleChart), so null until then
  const chart = useRef<CandleChart>(null);
  // the tick the chart is made with (it may have changed since the effect below began loading)
  const tickNow = useRef(tick);
  // loads the bars before the oldest shown, for the interval on screen (the chart is made once)
  const scrollBack = useRef<() => void>(null);
  // which interval's history has arrived, and how many bars it had (0: nothing to draw yet)
  const [loaded, setLoaded] = useState<{ tim: string; bars: number }>();

  useEffect(() => () => chart.current?.dispose(), []);
  useEffect(() => {
    tickNow.current = tick;
    chart.current?.setTick(tick);
  }, [tick]);
  useEffect(() => chart.current?.setZone(zone), [zone]);

  useEffect(() => {
    let current = true;
    const line = Boolean(interval.line);
    chart.current?.setLineView(line);
    chart.current?.clear();
    // the history of this interval is drawn; a live bar before that is drawn after it
    let drawn = false;
    let early: TCandleBar | undefined;
    // older bars: being loaded, or none left before the oldest
    let older: 'idle' | 'loading' | 'none' = 'idle';
    scrollBack.current = () => {
      const oldest = chart.current?.oldestMs();
      if (older !== 'idle' || oldest === undefined) return;
      older = 'loading';
      fetchBars(feed.pair.symbol, interval.period, oldest - 1).then(
        (bars) => {
          if (!current) return;
          older = chart.current!.prependHistory(bars) > 0 ? 'idle' : 'none';
        },
        // a failed load is asked again at the next scroll
        () => void (older = 'idle'),
      );
    };
    feed.setPeriod(interval.period);
    const load = () =>
      fetchBars(feed.pair.symbol, interval.period).then(
        (bars) => {
          if (!current) return;
          older = 'idle';
          if (!chart.current) {
            chart.current = new CandleChart(container.current!, chartZone.get(), tickNow.current, line);
            // made once: what it calls on scrolling back follows the interval on screen
            chart.current.onScrollBack(() => scrollBack.current?.());
          }
          chart.current.setHistory(bars);
          drawn = true;
          if (early) chart.current.update(early);
          early = undefined;
          setLoaded({ tim: interval.tim, bars: bars.length });
        },
        () => current && setLoaded({ tim: interval.tim, bars: 0 }),
      );
    void load();
    const stopBars = feed.onBar((bar) => {
      if (drawn) chart.current!.update(bar);
      else early = bar;
    });
    const stopReloads = feed.onCandleReload(() => void load());
    return () => {
      current = false;
      stopBars();
      stopReloads();
    };
  }, [feed, interval]);

  const loading = loaded?.tim !== interval.tim;
  return (
    <div className="tm-mk-chart-area" style={{ height }}>
      <div ref={container} className="tm-mk-canvas" />
      {loading && <Spin className="tm-mk-chart-note" />}
      {!loading && loaded.bars === 0 && <span className="tm-mk-chart-note">{t('market.chart.empty')}</span>}
    </div>
  );
}

/** The chart's time zone, each with its offset from UTC as of opening the page. */
export function ZoneSelect() {
  const { t } = useTranslation();
  const zone = useSlice(chartZone);
  const [zoneOptions] = useState(() => zoneChoices().map((value) => ({ value, label: zoneLabel(value) })));
  return (
    <Select
      size="small"
      variant="borderless"
      value={zone}
      options={zoneOptions}
      onChange={chooseZone}
      popupMatchSelectWidth={false}
      aria-label={t('market.chart.timeZone')}
      className="tm-mk-zone"
    />
  );
}
