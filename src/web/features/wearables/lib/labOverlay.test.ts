import { describe, expect, it } from 'vitest';
import type { MarkerSeries } from '../../../shared/lib/resultSeries';
import {
  LAB_KEY,
  hasLabMatch,
  labOverlay,
  matchingMarker,
  unitFactor,
  withLabRows,
} from './labOverlay';

const day = (d: number) => Date.UTC(2026, 0, d);

const glucose: MarkerSeries = {
  key: 'glucose',
  name: 'Glucose',
  unit: 'mg/dL',
  min: 70,
  max: 99,
  reference: null,
  points: [
    { t: day(1), value: 90, text: '90', flag: 'normal', direction: null, orderId: 'a' },
    { t: day(10), value: 126, text: '126', flag: 'high', direction: 'high', orderId: 'b' },
    { t: day(40), value: 45, text: '45', flag: 'critical', direction: 'low', orderId: 'c' },
  ],
};
const tsh: MarkerSeries = { ...glucose, key: 'tsh', name: 'TSH', unit: 'mIU/L' };
const ldl: MarkerSeries = { ...glucose, key: 'ldl-cholesterol-calculated', name: 'LDL' };

describe('lab values over a wearable series', () => {
  it('finds the glucose marker for the glucose monitor, and nothing for heart rate', () => {
    expect(matchingMarker('glucose', [tsh, ldl, glucose])?.key).toBe('glucose');
    expect(matchingMarker('glucose', [tsh, ldl])).toBeNull();
    expect(matchingMarker('heartrate', [glucose])).toBeNull();
    expect(hasLabMatch('body_weight')).toBe(true);
    expect(hasLabMatch('steps')).toBe(false);
  });

  it('matches weight and fat-free mass by name when the slug differs', () => {
    const weight = { ...glucose, key: 'wt-1', name: 'Body Weight', unit: 'lb' };
    const ffm = { ...glucose, key: 'x', name: 'Fat-Free Mass', unit: 'kg' };
    expect(matchingMarker('body_weight', [tsh, weight])?.key).toBe('wt-1');
    expect(matchingMarker('lean_body_mass', [ffm])?.key).toBe('x');
  });

  it('converts glucose from mg/dL to the monitor’s mmol/L, reference included', () => {
    const overlay = labOverlay('glucose', 'mmol/L', [glucose], day(0), day(20));
    expect(overlay).toMatchObject({ converted: true, labUnit: 'mg/dL', unit: 'mmol/L' });
    expect(overlay?.referenceMin).toBe(3.89);
    expect(overlay?.referenceMax).toBe(5.5);
    expect(overlay?.points.map((p) => [p.value, p.text, p.flag])).toEqual([
      [5, '90', 'normal'],
      [6.99, '126', 'high'],
    ]);
    expect(overlay?.outside).toBe(1);
  });

  it('shades the consensus target for monitor glucose, not the lab’s fasting interval', () => {
    const mmol = labOverlay('glucose', 'mmol/L', [glucose], day(0), day(20));
    expect(mmol).toMatchObject({ band: 'monitor-target', min: 3.9, max: 10 });
    const mg = labOverlay('glucose', 'mg/dL', [glucose], day(0), day(20));
    expect(mg).toMatchObject({ band: 'monitor-target', min: 70, max: 180 });
    const weight = { ...glucose, key: 'weight', name: 'Weight', unit: 'kg', min: 50, max: 90 };
    expect(labOverlay('body_weight', 'kg', [weight], day(0), day(20))).toMatchObject({
      band: 'reference',
      min: 50,
      max: 90,
    });
  });

  it('leaves values alone in the same unit, and refuses a unit it cannot convert', () => {
    const same = labOverlay('glucose', 'mg/dL', [glucose], day(0), day(50));
    expect(same?.converted).toBe(false);
    expect(same?.points.map((p) => p.value)).toEqual([90, 126, 45]);
    expect(unitFactor('glucose', 'mg/dL', 'bpm')).toBeNull();
    expect(labOverlay('glucose', 'bpm', [glucose], day(0), day(50))).toBeNull();
    expect(unitFactor('body_weight', 'lb', 'kg')).toBeCloseTo(0.4536, 4);
  });

  it('merges lab values into the chart rows by time', () => {
    const rows = [
      { t: day(1), a: 5 },
      { t: day(3), a: 6 },
    ];
    const merged = withLabRows(rows, [
      { t: day(1), value: 4.9, text: '88', flag: 'normal', direction: null, orderId: 'a' },
      { t: day(2), value: 7, text: '126', flag: 'high', direction: 'high', orderId: 'b' },
    ]);
    expect(merged).toEqual([
      { t: day(1), a: 5, [LAB_KEY]: 4.9 },
      { t: day(2), [LAB_KEY]: 7 },
      { t: day(3), a: 6 },
    ]);
    expect(rows[0]).not.toHaveProperty(LAB_KEY);
  });
});
