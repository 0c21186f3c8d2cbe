import { Suspense, lazy, useId, useMemo } from 'react';
import {
  CGM_MIN_DAYS,
  CGM_MIN_SUFFICIENCY_PERCENT,
  CGM_THRESHOLDS_MG_DL,
  ambulatoryProfile,
  cgmSummary,
  fromMgDl,
  glucoseUnit,
  type CgmSummary,
  type GlucoseReading,
  type GlucoseUnit,
  type ProfilePoint,
} from '../lib/cgm';
import type { Series } from '../lib/series';
import './glucoseSummary.css';

const AmbulatoryProfileChart = lazy(() => import('./AmbulatoryProfileChart'));

/*
 * The standard continuous-glucose summary of the period shown (lib/cgm.ts), per monitor:
 * time in the five ranges, mean glucose, GMI, coefficient of variation, how much of the
 * period the sensor covered, and the ambulatory glucose profile. Figures in the unit the
 * monitor reports, the one the chart above uses: one unit on the screen.
 */

function readingsOf(series: Series): GlucoseReading[] {
  const readings: GlucoseReading[] = [];
  for (let i = 0; i < series.x.length; i += 1) {
    const offset = series.offset[i] ?? Number.NaN;
    readings.push({
      at: series.x[i] ?? 0,
      value: series.y[i] ?? Number.NaN,
      offsetSeconds: Number.isNaN(offset) ? null : offset,
    });
  }
  return readings;
}

const percent = (value: number) =>
  `${value < 1 && value > 0 ? value.toFixed(1) : Math.round(value)} %`;

function threshold(mgDl: number, unit: GlucoseUnit): string {
  return unit === 'mg/dL' ? String(mgDl) : fromMgDl(mgDl, unit).toFixed(1);
}

function glucose(mgDl: number, unit: GlucoseUnit): string {
  return unit === 'mg/dL'
    ? `${Math.round(mgDl)} mg/dL`
    : `${fromMgDl(mgDl, unit).toFixed(1)} mmol/L`;
}

interface Range {
  key: keyof CgmSummary['timeInRanges'];
  label: string;
  goal: string;
}

function ranges(unit: GlucoseUnit): Range[] {
  const t = (v: number) => threshold(v, unit);
  const { veryLow, low, high, veryHigh } = CGM_THRESHOLDS_MG_DL;
  // The boundaries between ranges, one step of the unit apart, as the consensus writes them.
  const above = (v: number) =>
    unit === 'mg/dL' ? String(v + 1) : (fromMgDl(v, unit) + 0.1).toFixed(1);
  const below = (v: number) =>
    unit === 'mg/dL' ? String(v - 1) : (fromMgDl(v, unit) - 0.1).toFixed(1);
  return [
    { key: 'veryHigh', label: `Very high, above ${t(veryHigh)} ${unit}`, goal: 'under 5 %' },
    {
      key: 'high',
      label: `High, ${above(high)}–${t(veryHigh)} ${unit}`,
      goal: 'under 25 % with very high',
    },
    { key: 'target', label: `In target, ${t(low)}–${t(high)} ${unit}`, goal: 'over 70 %' },
    {
      key: 'low',
      label: `Low, ${t(veryLow)}–${below(low)} ${unit}`,
      goal: 'under 4 % with very low',
    },
    { key: 'veryLow', label: `Very low, below ${t(veryLow)} ${unit}`, goal: 'under 1 %' },
  ];
}

interface MonitorSummary {
  key: string;
  unit: GlucoseUnit;
  summary: CgmSummary;
  profile: ProfilePoint[];
}

export interface GlucoseSummaryProps {
  series: readonly Series[];
  /** The period asked for, epoch ms, end exclusive. */
  from: number;
  to: number;
}

export function GlucoseSummary({ series, from, to }: GlucoseSummaryProps) {
  const headingId = useId();
  const monitors = useMemo(
    () =>
      series.flatMap((s): MonitorSummary[] => {
        const unit = glucoseUnit(s.unit);
        if (!unit) return [];
        const readings = readingsOf(s);
        const summary = cgmSummary(readings, unit, { from, to });
        if (!summary) return [];
        const profile = ambulatoryProfile(readings, unit).map((p) => ({
          minute: p.minute,
          p5: fromMgDl(p.p5, unit),
          p25: fromMgDl(p.p25, unit),
          p50: fromMgDl(p.p50, unit),
          p75: fromMgDl(p.p75, unit),
          p95: fromMgDl(p.p95, unit),
        }));
        return [{ key: s.key, unit, summary, profile }];
      }),
    [series, from, to],
  );
  if (monitors.length === 0) return null;
  return (
    <section className="glucose-summary card" aria-labelledby={headingId}>
      <h2 id={headingId}>Glucose summary</h2>
      {monitors.map(({ key, unit, summary, profile }) => (
        <div key={key} className="glucose-summary__monitor">
          <h3>{key}</h3>
          <p>
            {summary.days.toFixed(summary.days < 2 ? 1 : 0)} days,{' '}
            {percent(summary.sufficiencyPercent)} of the readings a sensor taking one every{' '}
            {summary.intervalMinutes} minutes would take ({summary.readings.toLocaleString()}{' '}
            readings).
          </p>
          {summary.sufficient ? null : (
            <p className="glucose-summary__insufficient" role="note">
              Not enough data to read these figures with confidence: the consensus asks for at least{' '}
              {CGM_MIN_DAYS} days with {CGM_MIN_SUFFICIENCY_PERCENT} % of readings. Choose a longer
              period.
            </p>
          )}
          <div className="glucose-summary__figures">
            <div>
              <h4>Time in ranges</h4>
              <div className="glucose-summary__bar" aria-hidden="true">
                {ranges(unit).map(({ key: range }) => (
                  <span
                    key={range}
                    className={`glucose-summary__segment glucose-summary__segment--${range}`}
                    style={{ flexGrow: summary.timeInRanges[range] }}
                  />
                ))}
              </div>
              <table className="glucose-summary__ranges">
                <thead>
                  <tr>
                    <th scope="col">Range</th>
                    <th scope="col">Time</th>
                    <th scope="col">Goal</th>
                  </tr>
                </thead>
                <tbody>
                  {ranges(unit).map(({ key: range, label, goal }) => (
                    <tr key={range}>
                      <th scope="row">
                        <span
                          className={`glucose-summary__swatch glucose-summary__segment--${range}`}
                          aria-hidden="true"
                        />
                        {label}
                      </th>
                      <td>{percent(summary.timeInRanges[range])}</td>
                      <td>{goal}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="glucose-summary__facts">
              <div>
                <dt>Mean glucose</dt>
                <dd>{glucose(summary.meanMgDl, unit)}</dd>
              </div>
              <div>
                <dt>Glucose management indicator (GMI)</dt>
                <dd>{summary.gmiPercent.toFixed(1)} %</dd>
              </div>
              <div>
                <dt>Coefficient of variation</dt>
                <dd>
                  {summary.cvPercent.toFixed(1)} %{' '}
                  {summary.cvPercent <= 36 ? '(stable, goal ≤ 36 %)' : '(labile, goal ≤ 36 %)'}
                </dd>
              </div>
            </dl>
          </div>
          <figure className="glucose-summary__profile">
            <figcaption>
              Ambulatory glucose profile: every day of the period laid over one, by the patient’s
              local time; the median, the 25th–75th and the 5th–95th percentiles, over the target
              range.
            </figcaption>
            <Suspense fallback={<div className="glucose-summary__chart-placeholder" />}>
              <AmbulatoryProfileChart
                points={profile}
                unit={unit}
                target={{
                  min: Number(threshold(CGM_THRESHOLDS_MG_DL.low, unit)),
                  max: Number(threshold(CGM_THRESHOLDS_MG_DL.high, unit)),
                }}
              />
            </Suspense>
          </figure>
        </div>
      ))}
    </section>
  );
}
