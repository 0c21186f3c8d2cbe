import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import type { ProfilePoint } from '../lib/cgm';

/*
 * The ambulatory glucose profile as the consensus draws it: one day from midnight to
 * midnight, the median line, the 25th–75th and 5th–95th percentile bands, the target range
 * behind. Loaded with recharts, only where a glucose summary is shown.
 */

const HOURS = [0, 3, 6, 9, 12, 15, 18, 21, 24];
const clock = (minute: number) => `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:00`;

export interface AmbulatoryProfileChartProps {
  /** In the unit shown. */
  points: readonly ProfilePoint[];
  unit: string;
  target: { min: number; max: number };
}

export default function AmbulatoryProfileChart({
  points,
  unit,
  target,
}: AmbulatoryProfileChartProps) {
  const rows = points.map((p) => ({
    minute: p.minute,
    outer: [p.p5, p.p95],
    inner: [p.p25, p.p75],
    median: p.p50,
  }));
  // Below the fold and loaded on its own: the container's measuring costs the first screen nothing.
  return (
    <div className="glucose-summary__chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <ReferenceArea
            className="glucose-summary__target"
            y1={target.min}
            y2={target.max}
            ifOverflow="extendDomain"
          />
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          <XAxis
            dataKey="minute"
            type="number"
            domain={[0, 1440]}
            ticks={HOURS.map((h) => h * 60)}
            tickFormatter={clock}
          />
          <YAxis
            width={56}
            domain={['auto', 'auto']}
            label={{ value: unit, angle: -90, position: 'insideLeft' }}
          />
          <Area
            dataKey="outer"
            name="5th to 95th percentile"
            stroke="none"
            fill="var(--chart-1)"
            fillOpacity={0.18}
            isAnimationActive={false}
            activeDot={false}
          />
          <Area
            dataKey="inner"
            name="25th to 75th percentile"
            stroke="none"
            fill="var(--chart-1)"
            fillOpacity={0.4}
            isAnimationActive={false}
            activeDot={false}
          />
          <Line
            dataKey="median"
            name="Median"
            stroke="var(--chart-1)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
