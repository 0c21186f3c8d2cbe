import { flagText } from '../../../shared/lib/resultSeries';
import { memo, useState } from 'react';
import {
  Area,
  Bar,
  BarChart,
  Brush,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { LAB_KEY, withLabRows, type LabOverlay, type LabOverlayPoint } from '../lib/labOverlay';
import { bandKeys, type ChartData, type ChartRow, type TimeWindow } from '../lib/chartData';
import './wearables.css';

/*
 * The one component that knows recharts; it is loaded lazily so recharts lands only in the
 * wearables chunk. It gets rows already reduced to about its width (buckets or thinned points):
 * no animation, no dots, and no recharts legend (see ChartLegend).
 */

/**
 * Series colours are design tokens (tokens.css: light and dark values, 3:1 at least on the
 * chart's surface in both themes); SVG presentation attributes resolve `var()`.
 */
const COLOURS = [1, 2, 3, 4, 5, 6, 7].map((n) => `var(--chart-${n})`);

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** Count rows are keyed by the local day written as UTC midnight (see toChartData). */
const periodFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const shortPeriod = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

export interface TimeseriesChartProps {
  data: ChartData;
  width: number;
  height: number;
  unit: string;
  /** "night" or "day" for count resources. */
  period?: string | undefined;
  /** Lab values of the same quantity, drawn as flagged points over the lines. */
  overlay?: LabOverlay | null | undefined;
  /** A stretch of time dragged across on a line chart: the view to zoom to. */
  onZoom?: ((window: TimeWindow) => void) | undefined;
}

const valueFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** A lab value's mark: its shape says the flag (square, triangles, diamond), colour repeats it. */
function LabDot({
  cx,
  cy,
  point,
}: {
  cx?: number | null;
  cy?: number | null;
  point?: LabOverlayPoint;
}) {
  if (cx == null || cy == null || !point) return <g />;
  const className = `lab-dot lab-dot--${point.flag}`;
  if (point.flag === 'high') {
    return (
      <path
        className={className}
        d={`M${cx},${cy - 9} L${cx + 9},${cy + 7} L${cx - 9},${cy + 7} Z`}
      />
    );
  }
  if (point.flag === 'low') {
    return (
      <path
        className={className}
        d={`M${cx},${cy + 9} L${cx + 9},${cy - 7} L${cx - 9},${cy - 7} Z`}
      />
    );
  }
  if (point.flag === 'critical') {
    return (
      <path
        className={className}
        d={`M${cx},${cy - 10} L${cx + 10},${cy} L${cx},${cy + 10} L${cx - 10},${cy} Z`}
      />
    );
  }
  return <rect className={className} x={cx - 7} y={cy - 7} width={14} height={14} />;
}

function ChartTooltip({
  active,
  payload,
  label,
  unit,
  data,
  period,
  overlay,
}: TooltipContentProps & {
  unit: string;
  data: ChartData;
  period?: string | undefined;
  overlay?: LabOverlay | null | undefined;
}) {
  if (!active || payload.length === 0 || typeof label !== 'number') return null;
  const row = payload[0]?.payload as ChartRow | undefined;
  if (!row) return null;
  const when =
    data.kind === 'count'
      ? `${period === 'night' ? 'Night of ' : ''}${periodFormat.format(label)}`
      : timeFormat.format(label);
  const point = overlay?.points.find((p) => p.t === label);
  const band =
    data.resolution === 'hour' || data.resolution === 'day' || data.resolution === 'week';
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip__time">
        {band ? `${BUCKET_WORDS[data.resolution]} from ` : ''}
        {when}
      </p>
      <ul>
        {point && overlay ? (
          <li>
            <strong>
              Lab {overlay.name}: {point.text} {overlay.labUnit}
            </strong>{' '}
            {overlay.converted ? `(${String(point.value)} ${unit}) ` : ''}
            {flagText(point.flag, point.direction)}
          </li>
        ) : null}
        {data.keys.map((key) => {
          const value = row[key];
          if (value === undefined) return null;
          const [provider, source] = key.split(' · ');
          const b = bandKeys(key);
          return (
            <li key={key}>
              <strong>
                {band ? 'mean ' : ''}
                {valueFormat.format(value)} {unit}
              </strong>{' '}
              {band
                ? `(${valueFormat.format(row[b.min] ?? value)}–${valueFormat.format(row[b.max] ?? value)}, ${String(row[b.n] ?? 0)} samples) `
                : ''}
              {provider} <span className="muted">({source})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const BUCKET_WORDS = { hour: 'The hour', day: 'The day', week: 'The week' } as const;

/**
 * The series' names under the plot, in HTML. recharts' own legend measures itself once the
 * series have registered and then lays the whole chart out again: a second synchronous pass
 * over every axis and line, in the task that first draws the data.
 */
function ChartLegend({ data }: { data: ChartData }) {
  return (
    <ul className="chart-legend">
      {data.keys.map((key, i) => (
        <li key={key}>
          <span
            aria-hidden="true"
            className={`chart-legend__mark chart-legend__mark--${data.kind}`}
            style={{ background: COLOURS[i % COLOURS.length] }}
          />
          {key}
        </li>
      ))}
    </ul>
  );
}

function TimeseriesChart({
  data,
  width,
  height,
  unit,
  period,
  overlay,
  onZoom,
}: TimeseriesChartProps) {
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const lab = data.kind === 'line' && overlay ? overlay : null;
  const rows = lab ? withLabRows(data.rows, lab.points) : data.rows;
  const labAt = new Map(lab?.points.map((p) => [p.t, p]));
  const span = data.domain ? data.domain.to - data.domain.from : 0;
  const tick = (t: number) =>
    data.kind === 'count'
      ? shortPeriod.format(t)
      : span > 2 * 86_400_000
        ? shortDay.format(t)
        : timeFormat.format(t);
  const common = {
    width,
    height,
    data: rows,
    margin: { top: 8, right: 16, bottom: 8, left: 8 },
  };
  const tooltip = (
    <Tooltip
      isAnimationActive={false}
      content={(props: TooltipContentProps) => (
        <ChartTooltip {...props} unit={unit} data={data} period={period} overlay={lab} />
      )}
    />
  );
  if (data.kind === 'count') {
    return (
      <>
        <BarChart {...common}>
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          <XAxis dataKey="t" type="category" scale="band" tickFormatter={tick} minTickGap={24} />
          <YAxis
            width={64}
            domain={[0, 'auto']}
            label={{ value: unit, angle: -90, position: 'insideLeft' }}
            allowDecimals={false}
          />
          {tooltip}
          <Brush
            dataKey="t"
            height={28}
            tickFormatter={tick}
            stroke="var(--chart-brush)"
            fill="var(--surface)"
          />
          {data.keys.map((key, i) => (
            <Bar
              key={key}
              dataKey={key}
              name={key}
              fill={COLOURS[i % COLOURS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
        <ChartLegend data={data} />
      </>
    );
  }
  const band =
    data.resolution === 'hour' || data.resolution === 'day' || data.resolution === 'week';
  // A drag across the plot picks the stretch to zoom to; a click alone does nothing.
  const at = (state: { activeLabel?: unknown } | null | undefined) =>
    typeof state?.activeLabel === 'number' ? state.activeLabel : null;
  return (
    <>
      <ComposedChart
        {...common}
        onMouseDown={(state) => {
          const t = at(state);
          if (onZoom && t !== null) setDrag({ from: t, to: t });
        }}
        onMouseMove={(state) => {
          const t = at(state);
          if (drag && t !== null) setDrag({ ...drag, to: t });
        }}
        onMouseUp={() => {
          if (drag && drag.from !== drag.to) {
            onZoom?.({ from: Math.min(drag.from, drag.to), to: Math.max(drag.from, drag.to) });
          }
          setDrag(null);
        }}
      >
        {lab && (lab.min !== null || lab.max !== null) ? (
          <ReferenceArea
            className="lab-band"
            y1={lab.min ?? undefined}
            y2={lab.max ?? undefined}
            ifOverflow="extendDomain"
          />
        ) : null}
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          domain={data.domain ? [data.domain.from, data.domain.to] : ['dataMin', 'dataMax']}
          allowDataOverflow
          scale="linear"
          tickFormatter={tick}
          minTickGap={24}
        />
        <YAxis
          width={64}
          domain={['auto', 'auto']}
          label={{ value: unit, angle: -90, position: 'insideLeft' }}
        />
        {tooltip}
        {band
          ? data.keys.map((key, i) => {
              const b = bandKeys(key);
              return (
                <Area
                  key={`${key} band`}
                  className="chart-band"
                  dataKey={(row: ChartRow) =>
                    row[b.min] === undefined ? null : [row[b.min], row[b.max]]
                  }
                  name={`${key} lowest to highest`}
                  stroke="none"
                  fill={COLOURS[i % COLOURS.length]}
                  fillOpacity={0.25}
                  legendType="none"
                  tooltipType="none"
                  activeDot={false}
                  isAnimationActive={false}
                />
              );
            })
          : null}
        {data.keys.map((key, i) => (
          <Line
            key={key}
            dataKey={key}
            name={key}
            type="linear"
            stroke={COLOURS[i % COLOURS.length]}
            strokeWidth={1.5}
            dot={false}
            // Buckets without samples are gaps in the data, not a line to draw across.
            connectNulls={!band}
            isAnimationActive={false}
          />
        ))}
        {lab ? (
          <Line
            dataKey={LAB_KEY}
            name={`Lab ${lab.name}`}
            stroke="none"
            legendType="none"
            dot={(props: {
              cx?: number | null;
              cy?: number | null;
              payload?: unknown;
              index?: number;
            }) => (
              <LabDot
                key={props.index ?? 0}
                cx={props.cx}
                cy={props.cy}
                point={labAt.get((props.payload as { t: number } | undefined)?.t ?? Number.NaN)}
              />
            )}
            activeDot={false}
            isAnimationActive={false}
          />
        ) : null}
        {drag && drag.from !== drag.to ? (
          <ReferenceArea
            className="chart-zoom-area"
            x1={Math.min(drag.from, drag.to)}
            x2={Math.max(drag.from, drag.to)}
          />
        ) : null}
      </ComposedChart>
      <ChartLegend data={data} />
    </>
  );
}

/**
 * Drawn again only when its data, size or overlay change: pages arriving re-render the view
 * (its progress line) every few tens of ms, and recharts would lay the chart out each time.
 */
export default memo(TimeseriesChart);
