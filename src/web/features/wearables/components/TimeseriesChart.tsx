import {
  Bar,
  BarChart,
  Brush,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceArea,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { LAB_KEY, withLabRows, type LabOverlay, type LabOverlayPoint } from '../lib/labOverlay';
import type { ChartData } from '../lib/series';

/*
 * The one component that knows recharts; it is loaded lazily so recharts lands only in the
 * wearables chunk. It gets rows already downsampled to about its width: no animation, no dots.
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
}

const FLAG_WORDS = { critical: 'Critical', high: 'High', low: 'Low', normal: 'Normal' } as const;

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
  kind,
  period,
  overlay,
}: TooltipContentProps & {
  unit: string;
  kind: ChartData['kind'];
  period?: string | undefined;
  overlay?: LabOverlay | null | undefined;
}) {
  if (!active || payload.length === 0 || typeof label !== 'number') return null;
  const when =
    kind === 'count'
      ? `${period === 'night' ? 'Night of ' : ''}${periodFormat.format(label)}`
      : timeFormat.format(label);
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip__time">{when}</p>
      <ul>
        {payload.map((item) => {
          if (item.dataKey === LAB_KEY) {
            const point = overlay?.points.find((p) => p.t === label);
            if (!point || !overlay) return null;
            return (
              <li key={LAB_KEY}>
                <strong>
                  Lab {overlay.name}: {point.text} {overlay.labUnit}
                </strong>{' '}
                {overlay.converted ? `(${String(item.value)} ${unit}) ` : ''}
                {FLAG_WORDS[point.flag]}
              </li>
            );
          }
          const [provider, source] = String(item.dataKey).split(' · ');
          return (
            <li key={String(item.dataKey)}>
              <strong>
                {String(item.value)} {unit}
              </strong>{' '}
              {provider} <span className="muted">({source})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export default function TimeseriesChart({
  data,
  width,
  height,
  unit,
  period,
  overlay,
}: TimeseriesChartProps) {
  const lab = data.kind === 'line' && overlay ? overlay : null;
  const rows = lab ? withLabRows(data.rows, lab.points) : data.rows;
  const labAt = new Map(lab?.points.map((p) => [p.t, p]));
  const span = data.rows.length > 1 ? (data.rows.at(-1)?.t ?? 0) - (data.rows[0]?.t ?? 0) : 0;
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
  const axes = (
    <>
      <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
      <XAxis
        dataKey="t"
        type={data.kind === 'count' ? 'category' : 'number'}
        domain={['dataMin', 'dataMax']}
        scale={data.kind === 'count' ? 'band' : 'linear'}
        tickFormatter={tick}
        minTickGap={24}
      />
      <YAxis
        width={64}
        domain={data.kind === 'count' ? [0, 'auto'] : ['auto', 'auto']}
        label={{ value: unit, angle: -90, position: 'insideLeft' }}
        allowDecimals={data.kind !== 'count'}
      />
      <Tooltip
        isAnimationActive={false}
        content={(props: TooltipContentProps) => (
          <ChartTooltip {...props} unit={unit} kind={data.kind} period={period} overlay={lab} />
        )}
      />
      <Legend />
      <Brush
        dataKey="t"
        height={28}
        tickFormatter={tick}
        stroke="var(--chart-brush)"
        fill="var(--surface)"
      />
    </>
  );
  if (data.kind === 'count') {
    return (
      <BarChart {...common}>
        {axes}
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
    );
  }
  return (
    <LineChart {...common}>
      {lab && (lab.min !== null || lab.max !== null) ? (
        <ReferenceArea
          className="lab-band"
          y1={lab.min ?? undefined}
          y2={lab.max ?? undefined}
          ifOverflow="extendDomain"
        />
      ) : null}
      {axes}
      {data.keys.map((key, i) => (
        <Line
          key={key}
          dataKey={key}
          name={key}
          type="linear"
          stroke={COLOURS[i % COLOURS.length]}
          strokeWidth={1.5}
          dot={false}
          connectNulls
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
    </LineChart>
  );
}
