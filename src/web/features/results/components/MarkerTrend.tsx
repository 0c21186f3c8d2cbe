import { Suspense, lazy, useId } from 'react';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { Tabs } from '../../../shared/ui/Tabs';
import { FLAG_WORDS, type MarkerSeries } from '../lib/series';
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
  return (
    <section className="marker-trend" aria-labelledby={heading}>
      <Heading id={heading} className="marker-trend__title">
        {series.name} <span className="marker-trend__range">Reference {referenceText(series)}</span>
      </Heading>
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
          {
            id: 'table',
            label: 'Table',
            content: (
              <div className="table-scroll">
                <table className="table">
                  <caption className="visually-hidden">{series.name} values</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Value</th>
                      <th scope="col">Flag</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...series.points].reverse().map((point) => (
                      <tr key={`${point.orderId}-${point.t}`}>
                        <th scope="row">{dayFormat.format(point.t)}</th>
                        <td>
                          {point.text} {series.unit}
                        </td>
                        <td>
                          <span className={`flag flag--${point.flag}`}>
                            {FLAG_WORDS[point.flag]}
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
