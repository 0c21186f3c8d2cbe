import {
  Brush,
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import {
  flagText,
  niceTicks,
  type MarkerPoint,
  type MarkerSeries,
  type PointFlag,
} from '../../../shared/lib/resultSeries';

/*
 * The one results component that knows recharts, loaded lazily so recharts stays out of the
 * inbox's chunk. Colours come from the design tokens through class names (results.css), so
 * the dark theme applies; each flag also has its own shape, so colour never says it alone.
 */

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const shortFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: '2-digit' });

interface DotProps {
  cx?: number;
  cy?: number;
  payload?: MarkerPoint;
}

function FlagDot({ cx, cy, payload }: DotProps) {
  if (cx === undefined || cy === undefined || !payload) return <g />;
  const flag: PointFlag = payload.flag;
  const className = `trend-dot trend-dot--${flag}`;
  if (flag === 'high') {
    return (
      <path
        className={className}
        d={`M${cx},${cy - 6} L${cx + 6},${cy + 5} L${cx - 6},${cy + 5} Z`}
      />
    );
  }
  if (flag === 'low') {
    return (
      <path
        className={className}
        d={`M${cx},${cy + 6} L${cx + 6},${cy - 5} L${cx - 6},${cy - 5} Z`}
      />
    );
  }
  if (flag === 'critical') {
    return (
      <path
        className={className}
        d={`M${cx},${cy - 7} L${cx + 7},${cy} L${cx},${cy + 7} L${cx - 7},${cy} Z`}
      />
    );
  }
  return <circle className={className} cx={cx} cy={cy} r={4} />;
}

function TrendTooltip({ active, payload, unit }: TooltipContentProps & { unit: string }) {
  const point = payload[0]?.payload as MarkerPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="trend-tooltip">
      <p>{dayFormat.format(point.t)}</p>
      <p>
        <strong>
          {point.text} {unit}
        </strong>{' '}
        {flagText(point.flag, point.direction)}
      </p>
    </div>
  );
}

/** The full chart's window: indexes of the first and last point shown. */
export interface TrendZoom {
  start: number;
  end: number;
  onChange: (start: number, end: number) => void;
}

export default function TrendChart({
  series,
  height,
  zoom,
}: {
  series: MarkerSeries;
  height: number;
  /** The full chart only: a brush under the chart whose handles zoom (arrow keys move them). */
  zoom?: TrendZoom;
}) {
  // The value axis fits the whole series, so zooming in on time keeps the band in place.
  const values = series.points.map((p) => p.value);
  const low = Math.min(...values, series.min ?? Infinity);
  const high = Math.max(...values, series.max ?? -Infinity);
  const pad = (high - low || Math.abs(high) || 1) * 0.1;
  const ticks = niceTicks(Math.max(0, low - pad), high + pad);
  const domain = [ticks[0] ?? 0, ticks.at(-1) ?? high];
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={series.points} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
        <CartesianGrid className="trend-grid" vertical={false} />
        {series.min !== null || series.max !== null ? (
          <ReferenceArea
            className="trend-band"
            y1={series.min ?? domain[0]}
            y2={series.max ?? domain[1]}
            ifOverflow="extendDomain"
          />
        ) : null}
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(t: number) => shortFormat.format(t)}
          minTickGap={24}
          padding={{ left: 12, right: 12 }}
        />
        <YAxis width={48} domain={domain} ticks={ticks} interval={0} />
        <Tooltip
          isAnimationActive={false}
          content={(props: TooltipContentProps) => <TrendTooltip {...props} unit={series.unit} />}
        />
        <Line
          dataKey="value"
          className="trend-line"
          type="linear"
          dot={(props: { cx?: number; cy?: number; payload?: unknown; index?: number }) => (
            <FlagDot
              key={props.index ?? 0}
              cx={props.cx}
              cy={props.cy}
              payload={props.payload as MarkerPoint | undefined}
            />
          )}
          activeDot={false}
          isAnimationActive={false}
        />
        {zoom ? (
          <Brush
            dataKey="t"
            height={32}
            travellerWidth={12}
            startIndex={zoom.start}
            endIndex={zoom.end}
            tickFormatter={(t: number) => shortFormat.format(t)}
            stroke="var(--chart-brush)"
            fill="var(--surface)"
            onChange={(range) => zoom.onChange(range.startIndex, range.endIndex)}
          />
        ) : null}
      </LineChart>
    </ResponsiveContainer>
  );
}
