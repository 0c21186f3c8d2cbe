import { describe, expect, it } from 'vitest';
import {
  ambulatoryProfile,
  cgmSummary,
  glucoseUnit,
  percentile,
  toMgDl,
  type GlucoseReading,
} from './cgm';

const DAY = 24 * 60 * 60_000;
const start = Date.UTC(2026, 10, 1);

/** Readings every `interval` minutes over `days`, valued by `value(i)`. */
function readings(days: number, interval: number, value: (i: number) => number): GlucoseReading[] {
  const count = (days * 1440) / interval;
  return Array.from({ length: count }, (_, i) => ({
    at: start + i * interval * 60_000,
    value: value(i),
  }));
}

describe('the consensus summary of monitor data', () => {
  it('splits readings into the five ranges at 54, 70, 180 and 250 mg/dL', () => {
    // Ten readings a cycle: 2 very low, 1 low, 5 in target (70 and 180 included), 1 high, 1 very high.
    const cycle = [40, 53.9, 54, 70, 100, 120, 150, 180, 181, 251];
    const summary = cgmSummary(
      cycle.map((value, i) => ({ at: start + i * 15 * 60_000, value })),
      'mg/dL',
      { from: start, to: start + DAY },
    );
    expect(summary?.timeInRanges).toEqual({
      veryLow: 20,
      low: 10,
      target: 50,
      high: 10,
      veryHigh: 10,
    });
  });

  it('computes mean, GMI and CV, and reads mmol/L as mg/dL', () => {
    const steady = cgmSummary(
      readings(14, 15, () => 154),
      'mg/dL',
      { from: start, to: start + 14 * DAY },
    );
    expect(steady?.meanMgDl).toBe(154);
    // GMI (%) = 3.31 + 0.02392 × mean mg/dL: 154 mg/dL gives 7.0 %.
    expect(steady?.gmiPercent).toBeCloseTo(6.99, 2);
    expect(steady?.cvPercent).toBe(0);

    const swinging = cgmSummary(
      readings(14, 15, (i) => (i % 2 ? 5 : 10)),
      'mmol/L',
      {
        from: start,
        to: start + 14 * DAY,
      },
    );
    expect(swinging?.meanMgDl).toBeCloseTo(7.5 * 18.016, 3);
    // Two values 2.5 mmol/L either side of the mean: SD ≈ 2.5, CV ≈ 33 %.
    expect(swinging?.cvPercent).toBeCloseTo(33.3, 0);
  });

  it('needs 14 days and 70 % of the readings the sensor would take', () => {
    const full = cgmSummary(
      readings(14, 15, () => 100),
      'mg/dL',
      { from: start, to: start + 14 * DAY },
    );
    expect(full).toMatchObject({ intervalMinutes: 15, sufficiencyPercent: 100, sufficient: true });

    // A 5-minute sensor worn every other day.
    const gappy = readings(14, 5, () => 100).filter(
      (r) => Math.floor((r.at - start) / DAY) % 2 === 0,
    );
    const partial = cgmSummary(gappy, 'mg/dL', { from: start, to: start + 14 * DAY });
    expect(partial?.intervalMinutes).toBe(5);
    expect(partial?.sufficiencyPercent).toBeCloseTo(50, 5);
    expect(partial?.sufficient).toBe(false);

    const short = cgmSummary(
      readings(7, 15, () => 100),
      'mg/dL',
      { from: start, to: start + 7 * DAY },
    );
    expect(short?.sufficient).toBe(false);
    expect(cgmSummary([], 'mg/dL', { from: start, to: start + DAY })).toBeNull();
  });
});

describe('the ambulatory glucose profile', () => {
  it('lays the days over one by the patient’s own clock and gives the percentiles per slot', () => {
    // At 07:00 local (UTC−7) the patient reads 100, 110, …, 190 on ten days.
    const seven = Array.from({ length: 10 }, (_, day) => ({
      at: start + day * DAY + 14 * 60 * 60_000,
      value: 100 + day * 10,
      offsetSeconds: -7 * 3600,
    }));
    const [slot, ...rest] = ambulatoryProfile(seven, 'mg/dL', 60);
    expect(rest).toEqual([]);
    expect(slot?.minute).toBe(7 * 60);
    expect(slot?.p50).toBe(145);
    expect(slot?.p5).toBeCloseTo(104.5, 5);
    expect(slot?.p95).toBeCloseTo(185.5, 5);
  });

  it('interpolates percentiles between neighbours', () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([7], 0.95)).toBe(7);
    expect(Number.isNaN(percentile([], 0.5))).toBe(true);
  });
});

describe('glucose units', () => {
  it('knows the two units in the forms samples use', () => {
    expect(glucoseUnit('mg/dL')).toBe('mg/dL');
    expect(glucoseUnit('mmol/L')).toBe('mmol/L');
    expect(glucoseUnit('bpm')).toBeNull();
    expect(toMgDl(10, 'mmol/L')).toBeCloseTo(180.16, 2);
  });
});
