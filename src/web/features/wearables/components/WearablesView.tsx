import { useQuery } from '@tanstack/react-query';
import {
  Suspense,
  startTransition,
  lazy,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { SelectField } from '../../../shared/ui/MultiSelect';
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
import {
  timeseriesQueryOptions,
  type PagesProgress,
  type TimeseriesParams,
} from '../api/timeseries';
import { toChartData, type ChartData, type TimeWindow } from '../lib/chartData';
import { toCsv } from '../lib/csv';
import { defaultRange, describeRange, toQueryRange, todayIn } from '../lib/dateRange';
import { DEFAULT_DAYS, DEFAULT_RESOURCE, type WearablesSearch } from '../lib/search';
import { LabOverlayNote } from './LabOverlayNote';
import type { Series } from '../lib/series';
import { pan, zoomIn, zoomOut, zoomTo } from '../lib/zoom';
import { SamplesTable } from './SamplesTable';

// recharts (about 100 KB gzip) loads only on this page, while the pages of data load.
const loadChart = () => import('./TimeseriesChart');
const TimeseriesChart = lazy(loadChart);

const CHART_HEIGHT = 360;
/** Plot area: the chart's width less the value axis and margins. */
const AXIS_WIDTH = 88;
/**
 * Points (or buckets) per pixel of the plot: more cannot be seen, and recharts lays out each
 * point (about 0.2 ms a point on this machine, bench/chart.mjs).
 */
const POINTS_PER_PIXEL = 1;

const RESOLUTION_WORDS: Record<ChartData['resolution'], string> = {
  every: 'every sample',
  lttb: 'one point a pixel, highs and lows kept',
  hour: 'per hour, the mean and the lowest to highest',
  day: 'per day, the mean and the lowest to highest',
  week: 'per week, the mean and the lowest to highest',
};
const viewFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Providers seen per patient and resource in this tab, so the filter still offers the others
 * once one is chosen (a filtered answer names only that one).
 */
const knownProviders = new Map<string, Set<string>>();

/** "All providers" as an option: no provider slug can be `*`. */
const ALL_PROVIDERS = '*';

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

  const params: TimeseriesParams = {
    userId,
    resource: resource.slug,
    from,
    to,
    timeZone,
    provider,
  };
  const paramsKey = JSON.stringify(params);
  // Progress and the series so far belong to one query: a new query starts them afresh.
  const [progress, setProgress] = useState<{ key: string; at: PagesProgress } | null>(null);
  const [partial, setPartial] = useState<{ key: string; series: Series[] } | null>(null);
  const query = useQuery({
    ...timeseriesQueryOptions(params, (at) => {
      setProgress({ key: paramsKey, at });
      // A transition: React draws the picture so far in slices between pages, not in one long task.
      const series = at.series;
      if (series) startTransition(() => setPartial({ key: paramsKey, series }));
    }),
    enabled: range !== null,
  });
  const pages = progress?.key === paramsKey ? progress.at : null;
  const partialSeries = query.isFetching && partial?.key === paramsKey ? partial.series : null;
  const series = useMemo(
    () => query.data?.series ?? partialSeries ?? [],
    [query.data, partialSeries],
  );

  // What was asked for is the time axis; the view is a part of it once zoomed.
  const asked: TimeWindow | null = range
    ? { from: Date.parse(range.start_date), to: Date.parse(range.end_date) + 1 }
    : null;
  const [zoom, setZoom] = useState<{ key: string; view: TimeWindow } | null>(null);
  const view = zoom?.key === paramsKey ? zoom.view : null;
  const setView = (next: TimeWindow | null) =>
    setZoom(next && asked ? { key: paramsKey, view: next } : null);
  const askedFrom = asked?.from;
  const askedTo = asked?.to;
  // Stable, so the memoised chart is not drawn again as each page's progress re-renders the view.
  const onZoom = useCallback(
    (picked: TimeWindow) => {
      if (askedFrom === undefined || askedTo === undefined) return;
      setZoom({ key: paramsKey, view: zoomTo(picked, { from: askedFrom, to: askedTo }) });
    },
    [paramsKey, askedFrom, askedTo],
  );

  const { ref, width } = useWidth();
  useEffect(() => {
    void loadChart();
  }, []);
  const shown = view ?? asked;
  const chart = useMemo(() => {
    const data = toChartData(
      series,
      resource,
      (width - AXIS_WIDTH) * POINTS_PER_PIXEL,
      timeZone,
      resource.kind === 'line' ? shown : null,
    );
    // bench/chart.mjs splits its figure here: data ready for the chart, then recharts.
    if (data.total > 0) performance.mark('wearables:chart-data');
    return data;
    // The view's bounds, not its object, decide the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, resource, width, shown?.from, shown?.to]);

  // Providers offered in the filter: those seen for this patient and resource, plus the chosen one.
  const seenKey = `${userId}|${resource.slug}`;
  const providers = knownProviders.get(seenKey) ?? new Set<string>();
  knownProviders.set(seenKey, providers);
  for (const s of series) providers.add(s.provider);
  if (provider) providers.add(provider);

  const ids = {
    from: useId(),
    to: useId(),
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

  const empty = series.filter((s) => s.x.length === 0);
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
          <SelectField
            label="Measurement"
            value={resource.slug}
            onChange={(slug) => {
              if (slug) set({ resource: slug, provider: undefined });
            }}
            options={TIMESERIES_RESOURCES.map((r) => ({ id: r.slug, label: r.label }))}
          />
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
          <SelectField
            label="Provider"
            value={provider || ALL_PROVIDERS}
            onChange={(p) => set({ provider: p === ALL_PROVIDERS ? undefined : p || undefined })}
            options={[
              { id: ALL_PROVIDERS, label: 'All providers' },
              ...[...providers].sort().map((p) => ({ id: p, label: p })),
            ]}
          />
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
            {pages
              ? `${pages.pages.toLocaleString()} pages, ${pages.samples.toLocaleString()} samples so far`
              : ''}
          </p>
        ) : query.isSuccess ? (
          <p role="status" className="muted">
            {chart.total.toLocaleString()} samples loaded from {query.data.pages.toLocaleString()}{' '}
            {query.data.pages === 1 ? 'page' : 'pages'}
            {resource.kind === 'line' && chart.total > 0
              ? chart.resolution === 'every' || chart.resolution === 'lttb'
                ? `; the chart draws ${chart.drawn.toLocaleString()} points (extremes kept), the table and export hold them all`
                : `; the chart draws ${chart.drawn.toLocaleString()} ${chart.resolution}s of them (mean, lowest and highest), the table and export hold them all`
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
                  onZoom={onZoom}
                />
              </Suspense>
              {resource.kind === 'line' && asked && shown && chart.keys.length > 0 ? (
                <div className="chart-zoom" role="group" aria-label="Chart view">
                  <p aria-live="polite">
                    Showing {viewFormat.format(shown.from)} – {viewFormat.format(shown.to - 1)}:{' '}
                    {RESOLUTION_WORDS[chart.resolution]}.
                  </p>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setView(zoomIn(shown, asked))}
                  >
                    Zoom in
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={!view}
                    onClick={() => setView(zoomOut(shown, asked))}
                  >
                    Zoom out
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={shown.from <= asked.from}
                    onClick={() => setView(pan(shown, asked, -1))}
                  >
                    Earlier
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={shown.to >= asked.to}
                    onClick={() => setView(pan(shown, asked, 1))}
                  >
                    Later
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={!view}
                    onClick={() => setView(null)}
                  >
                    Whole range
                  </button>
                </div>
              ) : null}
              <figcaption className="muted">
                {resource.kind === 'count'
                  ? `Events per ${resource.countPer ?? 'day'} of the patient’s local time, one bar per provider and source. Drag the handles under the chart to zoom.`
                  : 'One line per provider and source; over long ranges, a line of means in a band from the lowest to the highest value. Drag across the chart, or use the buttons, to zoom: every sample is drawn again once they fit.'}{' '}
                Times are your local time ({timeZone}).
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
