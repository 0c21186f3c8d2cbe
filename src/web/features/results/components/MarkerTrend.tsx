import { Suspense, lazy, useId, useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { Tabs } from '../../../shared/ui/Tabs';
import { FLAG_WORDS, type MarkerSeries } from '../../../shared/lib/resultSeries';
import { FullTrendDialog } from './FullTrendDialog';
import { TrendTable } from './TrendTable';
import './results.css';

const TrendChart = lazy(() => import('./TrendChart'));

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function referenceText(
  series: Pick<MarkerSeries, 'min' | 'max' | 'unit' | 'reference'>,
): string {
  const unit = series.unit ? ` ${series.unit}` : '';
  if (series.reference) return `${series.reference}${unit}`;
  if (series.min !== null && series.max !== null) return `${series.min}–${series.max}${unit}`;
  if (series.max !== null) return `below ${series.max}${unit}`;
  if (series.min !== null) return `above ${series.min}${unit}`;
  return 'no reference interval';
}

/** What the chart shows, in words: the accessible name of the picture. */
function summary(series: MarkerSeries): string {
  const first = series.points[0];
  const last = series.points.at(-1);
  if (!first || !last) return series.name;
  const flagged = series.points.filter((p) => p.flag !== 'normal').length;
  return (
    `${series.name}: ${series.points.length} values from ${dayFormat.format(first.t)} to ` +
    `${dayFormat.format(last.t)}, latest ${last.text} ${series.unit} (${FLAG_WORDS[last.flag]}), ` +
    `${flagged} outside the reference interval ${referenceText(series)}.`
  );
}

/**
 * One marker over time: a chart with the reference band shaded and each point's flag, or
 * the same values as a table. The table is the view for a screen reader and for reading
 * exact numbers; the chart names itself with a summary.
 */
export function MarkerTrend({
  series,
  height = 180,
  headingLevel = 3,
}: {
  series: MarkerSeries;
  height?: number;
  headingLevel?: 2 | 3 | 4;
}) {
  const heading = useId();
  const Heading = `h${headingLevel}` as const;
  const [full, setFull] = useState(false);
  return (
    <section className="marker-trend" aria-labelledby={heading}>
      <div className="marker-trend__head">
        <Heading id={heading} className="marker-trend__title">
          {series.name}{' '}
          <span className="marker-trend__range">Reference {referenceText(series)}</span>
        </Heading>
        <Button
          variant="secondary"
          size="small"
          aria-label={`Full chart: ${series.name}`}
          onPress={() => setFull(true)}
        >
          Full chart
        </Button>
      </div>
      {full ? (
        <FullTrendDialog
          series={series}
          reference={referenceText(series)}
          isOpen={full}
          onOpenChange={setFull}
        />
      ) : null}
      <Tabs
        label={`${series.name}: chart or table`}
        items={[
          {
            id: 'chart',
            label: 'Chart',
            content: (
              <figure className="trend-chart" role="img" aria-label={summary(series)}>
                <Suspense
                  fallback={<Skeleton lines={4} label={`Loading the ${series.name} chart …`} />}
                >
                  <TrendChart series={series} height={height} />
                </Suspense>
              </figure>
            ),
          },
          { id: 'table', label: 'Table', content: <TrendTable series={series} /> },
        ]}
      />
    </section>
  );
}
