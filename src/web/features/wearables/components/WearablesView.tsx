import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  TIMESERIES_RESOURCES,
  findTimeseriesResource,
  type TimeseriesResource,
} from '../../../../contract/timeseries';
import type { Role } from '../../../../contract/console';
import { describeError } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { patientNamesQueryOptions } from '../../patients/api/patients';
import { patientTitle } from '../../patients/lib/naming';
import { useLabOverlay } from '../api/labOverlay';
import { timeseriesQueryOptions, type PagesProgress } from '../api/timeseries';
import { toCsv } from '../lib/csv';
import { defaultRange, describeRange, toQueryRange, todayIn } from '../lib/dateRange';
import { DEFAULT_DAYS, DEFAULT_RESOURCE, type WearablesSearch } from '../lib/search';
import { LabOverlayNote } from './LabOverlayNote';
import { toChartData } from '../lib/series';
import { SamplesTable } from './SamplesTable';

// recharts (about 100 KB gzip) loads only on this page, while the pages of data load.
const loadChart = () => import('./TimeseriesChart');
const TimeseriesChart = lazy(loadChart);

const CHART_HEIGHT = 360;
/** Plot area: the chart's width less the value axis and margins. */
const AXIS_WIDTH = 88;
/**
 * Points per pixel of the plot after downsampling (LTTB plus the extremes): more cannot be seen,
 * and recharts lays out each point (about 0.2 ms a point on this machine, bench/chart.mjs).
 */
const POINTS_PER_PIXEL = 1;

/**
 * Providers seen per patient and resource in this tab, so the filter still offers the others
 * once one is chosen (a filtered answer names only that one).
 */
const knownProviders = new Map<string, Set<string>>();

/** The clinician's zone: the days they pick are their days. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface WearablesViewProps {
  userId: string;
  role: Role;
  search: WearablesSearch;
  onSearch: (search: WearablesSearch) => void;
}

/** The chart's width in CSS pixels: the downsampling target. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(280, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function WearablesView({ userId, role, search, onSearch }: WearablesViewProps) {
  const resource: TimeseriesResource =
    findTimeseriesResource(search.resource ?? DEFAULT_RESOURCE) ?? TIMESERIES_RESOURCES[1];
  const fallback = defaultRange(todayIn(timeZone), DEFAULT_DAYS);
  const from = search.from ?? fallback.startDate;
  const to = search.to ?? fallback.endDate;
  const provider = search.provider ?? '';
  // People know the patient by name; the id stays beside it for the record.
  const names = useQuery(patientNamesQueryOptions([userId]));
  const patientName = patientTitle(names.data?.get(userId), '');
  usePageTitle(`Wearables${patientName ? ` of ${patientName}` : ''}: ${resource.label}`);

  let range: ReturnType<typeof toQueryRange> | null = null;
  let rangeText = '';
  let rangeError = '';
  try {
    range = toQueryRange(from, to, timeZone);
    rangeText = describeRange(from, to, timeZone);
  } catch (error) {
    rangeError = error instanceof Error ? error.message : 'The range is not valid.';
  }

  const [progress, setProgress] = useState<PagesProgress | null>(null);
  const query = useQuery({
    ...timeseriesQueryOptions(
      {
        userId,
        resource: resource.slug,
        range: range ?? { start_date: '', end_date: '' },
        provider,
      },
      setProgress,
    ),
    enabled: range !== null,
  });

  const series = useMemo(() => query.data?.series ?? [], [query.data]);
  const { ref, width } = useWidth();
  useEffect(() => {
    void loadChart();
  }, []);
  const chart = useMemo(() => {
    const data = toChartData(series, resource, (width - AXIS_WIDTH) * POINTS_PER_PIXEL, timeZone);
    // bench/chart.mjs splits its figure here: data ready for the chart, then recharts.
    if (data.total > 0) performance.mark('wearables:chart-data');
    return data;
  }, [series, resource, width]);

  // Providers offered in the filter: those seen for this patient and resource, plus the chosen one.
  const seenKey = `${userId}|${resource.slug}`;
  const providers = knownProviders.get(seenKey) ?? new Set<string>();
  knownProviders.set(seenKey, providers);
  for (const s of series) providers.add(s.provider);
  if (provider) providers.add(provider);

  const ids = {
    resource: useId(),
    from: useId(),
    to: useId(),
    provider: useId(),
    labs: useId(),
    heading: useId(),
  };
  const set = (patch: Partial<WearablesSearch>) =>
    onSearch({ resource: resource.slug, from, to, ...(provider ? { provider } : {}), ...patch });

  const exportCsv = () => {
    const blob = new Blob([toCsv(series)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${resource.slug}_${from}_${to}${provider ? `_${provider}` : ''}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const empty = series.filter((s) => s.samples.length === 0);
  const unit = series.find((s) => s.unit)?.unit ?? resource.unit;

  // Lab values of the same quantity, on request: the patient's results history, converted.
  const labs = useLabOverlay(userId, role, resource.slug, unit, range);

  return (
    <>
      <h1>
        Wearables{patientName ? ` of ${patientName}` : ''}{' '}
        <span className="h1-sub mono">{userId}</span>
      </h1>

      <form className="form wearables-controls card" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={ids.resource}>Measurement</label>
          <select
            id={ids.resource}
            value={resource.slug}
            onChange={(e) => set({ resource: e.target.value, provider: undefined })}
          >
            {TIMESERIES_RESOURCES.map((r) => (
              <option key={r.slug} value={r.slug}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.from}>From</label>
          <input
            id={ids.from}
            type="date"
            required
            value={from}
            max={to}
            onChange={(e) => {
              if (e.target.value) set({ from: e.target.value });
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>To</label>
          <input
            id={ids.to}
            type="date"
            value={to}
            min={from}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.provider}>Provider</label>
          <select
            id={ids.provider}
            value={provider}
            onChange={(e) => set({ provider: e.target.value || undefined })}
          >
            <option value="">All providers</option>
            {[...providers].sort().map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        {labs.possible ? (
          <div className="field field--check">
            <input
              id={ids.labs}
              type="checkbox"
              checked={labs.shown}
              onChange={(e) => labs.setShown(e.target.checked)}
            />
            <label htmlFor={ids.labs}>Show lab results</label>
          </div>
        ) : null}
      </form>

      {rangeError ? (
        <p role="alert" className="form-alert">
          {rangeError}
        </p>
      ) : (
        <p className="muted">Asked for: {rangeText}</p>
      )}

      <section aria-labelledby={ids.heading} className="wearables-chart">
        <h2 id={ids.heading}>
          {resource.label} <span className="muted">({unit})</span>
        </h2>

        {query.isFetching ? (
          <p role="status" className="pending">
            Loading {resource.label.toLowerCase()} …{' '}
            {progress
              ? `${progress.pages.toLocaleString()} pages, ${progress.samples.toLocaleString()} samples so far`
              : ''}
          </p>
        ) : query.isSuccess ? (
          <p role="status" className="muted">
            {chart.total.toLocaleString()} samples loaded from {query.data.pages.toLocaleString()}{' '}
            {query.data.pages === 1 ? 'page' : 'pages'}
            {resource.kind === 'line' && chart.total > 0
              ? `; the chart draws ${chart.drawn.toLocaleString()} points (extremes kept), the table and export hold them all`
              : ''}
            .
          </p>
        ) : null}
        {query.isError ? (
          <p role="alert" className="form-alert">
            {describeError(query.error)}
          </p>
        ) : null}

        {query.isSuccess && series.length === 0 ? (
          <p className="empty">
            No {resource.label.toLowerCase()} {provider ? `from ${provider} ` : ''}in this range.
          </p>
        ) : null}
        {empty.map((s) => (
          <p key={s.key} className="empty">
            No {resource.label.toLowerCase()} from {s.provider} ({s.sourceType}) in this range.
          </p>
        ))}

        <div ref={ref} className="chart-box">
          {/* The empty frame is drawn while pages load, so recharts is warm when the data land. */}
          {query.isFetching || (query.isSuccess && chart.keys.length > 0) ? (
            <figure aria-label={`${resource.label} chart`} className="chart-figure">
              <Suspense fallback={<p className="pending">Drawing the chart …</p>}>
                <TimeseriesChart
                  data={chart}
                  width={width}
                  height={CHART_HEIGHT}
                  unit={unit}
                  period={resource.countPer}
                  overlay={labs.overlay}
                />
              </Suspense>
              <figcaption className="muted">
                {resource.kind === 'count'
                  ? `Events per ${resource.countPer ?? 'day'} of the patient’s local time, one bar per provider and source.`
                  : 'One line per provider and source.'}{' '}
                Drag the handles under the chart to zoom. Times are your local time ({timeZone}).
              </figcaption>
            </figure>
          ) : null}
        </div>

        {labs.possible && labs.shown ? (
          <LabOverlayNote
            overlay={labs.overlay}
            pending={labs.pending}
            error={labs.error}
            label={resource.label}
          />
        ) : null}

        {query.isSuccess && chart.total > 0 ? (
          <>
            <p>
              <button type="button" className="button" onClick={exportCsv}>
                Export CSV ({chart.total.toLocaleString()} samples)
              </button>
            </p>
            <SamplesTable series={series} label={resource.label} />
          </>
        ) : null}
      </section>
    </>
  );
}
