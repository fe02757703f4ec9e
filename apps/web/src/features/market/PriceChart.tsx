import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePainted } from '../../hooks/afterPaint';
import { setSession } from '../../session/store';
import { useSessionValue } from '../../session/useSession';
import { INTERVALS, intervalOf } from './intervals';
import { CROSS_LABEL, STUDY_LINES } from './studies';

// The chart library is the heaviest piece of a trading page: the chart's frame (intervals and
// legend) paints with the market, and the drawing follows in its own chunk, asked for once the
// market has painted (its bytes do not hold up that paint), in a box of its final height so
// nothing moves.
const ChartCanvas = lazy(() => import('./ChartCanvas'));
const ZoneSelect = lazy(() => import('./ChartCanvas').then((loaded) => ({ default: loaded.ZoneSelect })));

/** Intervals, studies legend and time zone above the chart, and the chart itself. */
export default function PriceChart({ height }: { height: number }) {
  const { t } = useTranslation();
  const interval = intervalOf(useSessionValue('tim'));
  // the chart's chunk is asked for once the market's first paint is on screen
  const painted = usePainted();
  const waiting = <Spin className="tm-mk-chart-wait" style={{ height }} />;
  return (
    <div className="tm-mk-chart">
      <div className="tm-mk-chart-bar">
        <div className="tm-mk-intervals" role="group" aria-label={t('market.chart.interval')}>
          {INTERVALS.map((choice) => (
            <button
              key={choice.tim}
              type="button"
              aria-pressed={choice === interval}
              onClick={() => setSession('tim', choice.tim)}
            >
              {t(choice.label)}
            </button>
          ))}
        </div>
        <div className="tm-mk-legend">
          {STUDY_LINES.map((line) => (
            <span key={line.name} style={{ color: line.color }}>
              {line.name}
            </span>
          ))}
          <span style={{ color: STUDY_LINES[1].color }} title={t('market.chart.crossHint')}>
            ● {CROSS_LABEL}: {t('market.chart.cross')}
          </span>
        </div>
        {painted ? (
          <Suspense fallback={<span className="tm-mk-zone" />}>
            <ZoneSelect />
          </Suspense>
        ) : (
          <span className="tm-mk-zone" />
        )}
      </div>
      {painted ? (
        <Suspense fallback={waiting}>
          <ChartCanvas height={height} interval={interval} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}
