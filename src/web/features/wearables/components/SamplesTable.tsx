import { useId, useMemo, useState } from 'react';
import type { Series } from '../lib/series';

const PAGE = 100;
const timeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/**
 * Every sample at full resolution, 100 rows at a time: the chart's data for screen readers
 * and for copying. Rows go source by source, oldest first.
 */
export function SamplesTable({ series, label }: { series: readonly Series[]; label: string }) {
  const [page, setPage] = useState(0);
  const captionId = useId();
  const offsets = useMemo(() => {
    const starts: number[] = [];
    let total = 0;
    for (const s of series) {
      starts.push(total);
      total += s.x.length;
    }
    return { starts, total };
  }, [series]);
  const pages = Math.max(1, Math.ceil(offsets.total / PAGE));
  const current = Math.min(page, pages - 1);
  const first = current * PAGE;
  const last = Math.min(offsets.total, first + PAGE);

  const rows = [];
  for (let i = first; i < last; i++) {
    let k = offsets.starts.length - 1;
    while (k > 0 && (offsets.starts[k] as number) > i) k--;
    const s = series[k];
    const at = i - (offsets.starts[k] as number);
    const t = s?.x[at];
    if (!s || t === undefined) continue;
    rows.push(
      <tr key={i}>
        <td>
          <time dateTime={new Date(t).toISOString()}>{timeFormat.format(t)}</time>
        </td>
        <td>{s.provider}</td>
        <td>{s.sourceType}</td>
        <td className="num">{s.y[at]}</td>
        <td>{s.units[s.unitIndex[at] ?? 0]}</td>
      </tr>,
    );
  }

  if (offsets.total === 0) return null;
  return (
    <div className="samples">
      <div className="table-scroll">
        <table className="table" aria-describedby={captionId}>
          <caption id={captionId}>
            {label}: rows {(first + 1).toLocaleString()}–{last.toLocaleString()} of{' '}
            {offsets.total.toLocaleString()} samples (full resolution, your local time)
          </caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Provider</th>
              <th scope="col">Source</th>
              <th scope="col">Value</th>
              <th scope="col">Unit</th>
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="pager" aria-label="Sample table pages">
          <button
            type="button"
            className="button button--secondary"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            Previous rows
          </button>
          <span>
            Page {current + 1} of {pages.toLocaleString()}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            Next rows
          </button>
        </nav>
      ) : null}
    </div>
  );
}
