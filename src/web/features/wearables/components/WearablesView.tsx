import { useQuery } from '@tanstack/react-query';
import {
  Suspense,
  startTransition,
  lazy,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  TIMESERIES_RESOURCES,
  findTimeseriesResource,
  type TimeseriesResource,
} from '../../../../contract/timeseries';
import type { Role } from '../../../../contract/console';
import { describeError } from '../../../shared/api/client';
import { formatInstant } from '../../../shared/lib/format';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { patientNamesQueryOptions } from '../../../shared/api/patients';
import { patientTitle } from '../../../shared/patients/names';
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
import { GlucoseSummary } from './GlucoseSummary';
import { LabOverlayNote } from './LabOverlayNote';
import type { Series } from '../lib/series';
import { pan, zoomIn, zoomOut, zoomTo } from '../lib/zoom';
import { SamplesTable } from './SamplesTable';
import { WearablesControls } from './WearablesControls';
import './wearables.css';

// recharts (about 100 KB gzip) loads only on this page, while the pages of data load.
const loadChart = () => import('./TimeseriesChart');
const TimeseriesChart = lazy(loadChart);

const CHART_HEIGHT = 360;
/** The width assumed for the figures until the chart's box has been observed. */
const FIRST_WIDTH = 800;
/**
 * A load still running after this long draws the chart's empty frame, so recharts is set up
 * by the time a long load (a year of minutes) lands. A short one draws once, with its data:
 * the frame would only add a long task to the first screen.
 */
const WARM_AFTER_MS = 1_000;
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

/**
 * The chart's width in CSS pixels: the downsampling target. Read from the observer's entries,
 * which come after the browser's own layout: reading `clientWidth` on mount forced a layout of
 * the whole new page inside the mounting task.
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  // Null until the first observation (the next frame): the chart waits for it.
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Whether the chart should be mounted while nothing is drawn yet: once a load has run for
 * `WARM_AFTER_MS`, or once a chart was drawn (it then stays, as new loads come and go).
 */
function useChartWarm(fetching: boolean, drawn: boolean): boolean {
  const [warm, setWarm] = useState(false);
  // Remembered during render (React's pattern for state from earlier renders): no extra commit.
  if (drawn && !warm) setWarm(true);
  useEffect(() => {
    if (warm || !fetching) return;
    const timer = setTimeout(() => startTransition(() => setWarm(true)), WARM_AFTER_MS);
    return () => clearTimeout(timer);
  }, [warm, fetching]);
  return warm || drawn;
}

/** The chart's room while it has nothing to draw: the same height, so nothing below jumps. */
function ChartPlaceholder() {
  return (
    <div className="chart-placeholder" style={{ height: CHART_HEIGHT }}>
      <p className="pending">Drawing the chart …</p>
    </div>
  );
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

  // Zone arithmetic on every render (pages arriving re-render the view) is not free: once per range.
  const { range, rangeText, rangeError } = useMemo(() => {
    try {
      return {
        range: toQueryRange(from, to, timeZone),
        rangeText: describeRange(from, to, timeZone),
        rangeError: '',
      };
    } catch (error) {
      return {
        range: null,
        rangeText: '',
        rangeError: error instanceof Error ? error.message : 'The range is not valid.',
      };
    }
  }, [from, to]);

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
  // What the chart, the table and the lines about them draw: a render behind the query. The
  // query's answer re-renders through its store, synchronously, in one long task; the deferred
  // render that draws the chart and the table is one React can slice (and drop for a newer one).
  const outcome = useMemo(
    () => ({
      series,
      fetching: query.isFetching,
      loaded: query.isSuccess ? { pages: query.data.pages } : null,
    }),
    [series, query.isFetching, query.isSuccess, query.data],
  );
  const drawn = useDeferredValue(outcome);
  // While the deferred render is behind, what it drew belongs to the previous answer: the lines
  // that state figures or emptiness wait for it, the chart and table stay as they were.
  const settled = drawn === outcome;

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
      drawn.series,
      resource,
      ((width ?? FIRST_WIDTH) - AXIS_WIDTH) * POINTS_PER_PIXEL,
      timeZone,
      resource.kind === 'line' ? shown : null,
    );
    // bench/chart.mjs splits its figure here: data ready for the chart, then recharts.
    if (data.total > 0) performance.mark('wearables:chart-data');
    return data;
    // The view's bounds, not its object, decide the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawn.series, resource, width, shown?.from, shown?.to]);
  // Mounted with something to draw, or early for a long load (see WARM_AFTER_MS).
  const chartMounted = useChartWarm(outcome.fetching, chart.keys.length > 0);

  // Providers offered in the filter: those seen for this patient and resource, plus the chosen one.
  const seenKey = `${userId}|${resource.slug}`;
  const providers = knownProviders.get(seenKey) ?? new Set<string>();
  knownProviders.set(seenKey, providers);
  for (const s of series) providers.add(s.provider);
  if (provider) providers.add(provider);
  // The same array while the set is the same, so the memoised controls are not drawn again.
  const providersKey = [...providers].sort().join('\n');
  const providerList = useMemo(
    () => (providersKey ? providersKey.split('\n') : []),
    [providersKey],
  );

  const headingId = useId();
  const set = useCallback(
    (patch: Partial<WearablesSearch>) =>
      onSearch({ resource: resource.slug, from, to, ...(provider ? { provider } : {}), ...patch }),
    [onSearch, resource.slug, from, to, provider],
  );

  const exportCsv = () => {
    const blob = new Blob([toCsv(drawn.series)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${resource.slug}_${from}_${to}${provider ? `_${provider}` : ''}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const empty = settled ? drawn.series.filter((s) => s.x.length === 0) : [];
  const unit = series.find((s) => s.unit)?.unit ?? resource.unit;

  // Lab values of the same quantity, on request: the patient's results history, converted.
  const labs = useLabOverlay(userId, role, resource.slug, unit, range);

  return (
    <>
      <h1>
        Wearables{patientName ? ` of ${patientName}` : ''}{' '}
        <span className="h1-sub mono">{userId}</span>
      </h1>

      <WearablesControls
        resource={resource.slug}
        from={from}
        to={to}
        provider={provider}
        providers={providerList}
        labsPossible={labs.possible}
        labsShown={labs.shown}
        onLabsShown={labs.setShown}
        onChange={set}
      />

      {rangeError ? (
        <p role="alert" className="form-alert">
          {rangeError}
        </p>
      ) : (
        <p className="muted">Asked for: {rangeText}</p>
      )}

      <section aria-labelledby={headingId} className="wearables-chart">
        <h2 id={headingId}>
          {resource.label} <span className="muted">({unit})</span>
        </h2>

        {query.isFetching ? (
          <p role="status" className="pending">
            Loading {resource.label.toLowerCase()} …{' '}
            {pages
              ? `${pages.pages.toLocaleString()} pages, ${pages.samples.toLocaleString()} samples so far`
              : ''}
          </p>
        ) : settled && drawn.loaded ? (
          <p role="status" className="muted">
            {chart.total.toLocaleString()} samples loaded from {drawn.loaded.pages.toLocaleString()}{' '}
            {drawn.loaded.pages === 1 ? 'page' : 'pages'}
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

        {settled && drawn.loaded && drawn.series.length === 0 ? (
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
          {/* The frame, its caption and the chart's room are drawn while pages load; recharts joins
              with data (or early in a long load, see WARM_AFTER_MS). */}
          {drawn.fetching || (drawn.loaded && chart.keys.length > 0) ? (
            <figure aria-label={`${resource.label} chart`} className="chart-figure">
              {chartMounted && width !== null ? (
                <Suspense fallback={<ChartPlaceholder />}>
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
              ) : (
                <ChartPlaceholder />
              )}
              {resource.kind === 'line' && asked && shown && chart.keys.length > 0 ? (
                <div className="chart-zoom" role="group" aria-label="Chart view">
                  <p aria-live="polite">
                    Showing {formatInstant(shown.from)} – {formatInstant(shown.to - 1)}:{' '}
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

        {resource.slug === 'glucose' &&
        drawn.loaded &&
        askedFrom !== undefined &&
        askedTo !== undefined ? (
          <GlucoseSummary series={drawn.series} from={askedFrom} to={askedTo} />
        ) : null}

        {drawn.loaded && chart.total > 0 ? (
          <>
            <p>
              <button type="button" className="button" onClick={exportCsv}>
                Export CSV ({chart.total.toLocaleString()} samples)
              </button>
            </p>
            <SamplesTable series={drawn.series} label={resource.label} />
          </>
        ) : null}
      </section>
    </>
  );
}
