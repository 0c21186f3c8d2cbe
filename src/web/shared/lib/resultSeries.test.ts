import { describe, expect, it } from 'vitest';
import type { BiomarkerResult } from '../../../contract/results';
import {
  earlierPoints,
  flagDirection,
  flagText,
  flaggedMarkers,
  latestPerMarker,
  markerSeries,
  niceTicks,
  pointFlag,
  type Report,
} from './resultSeries';

const ldl = (result: string, extra: Partial<BiomarkerResult> = {}): BiomarkerResult => ({
  name: 'LDL Cholesterol',
  slug: 'ldl',
  result,
  type: 'numeric',
  unit: 'mg/dL',
  reference_range: '<100',
  min_range_value: null,
  max_range_value: 99,
  ...extra,
});

const report = (id: string, date: string, results: BiomarkerResult[]): Report => ({
  order: { id, updated_at: date },
  results: { metadata: { date_reported: date }, results },
});

describe('marker series', () => {
  const reports = [
    report('b', '2026-06-01T00:00:00Z', [ldl('131', { is_above_max_range: true })]),
    report('a', '2026-01-01T00:00:00Z', [
      ldl('88'),
      { ...ldl('x'), slug: 'note', type: 'comment' },
    ]),
    report('c', '2026-09-01T00:00:00Z', [ldl('240', { interpretation: 'critical' })]),
  ];

  it('orders each marker’s values by date with their flags, keeping the lab’s interval', () => {
    const [series, ...others] = markerSeries(reports);
    expect(others).toEqual([]);
    expect(series?.points.map((p) => [p.orderId, p.value, p.flag])).toEqual([
      ['a', 88, 'normal'],
      ['b', 131, 'high'],
      ['c', 240, 'critical'],
    ]);
    expect(series).toMatchObject({ unit: 'mg/dL', max: 99, reference: '<100' });
  });

  it('says which way a flagged value lies, a critical one included', () => {
    const glucose = (result: string, extra: Partial<BiomarkerResult> = {}) => ({
      ...ldl(result, extra),
      min_range_value: 70,
      max_range_value: 99,
    });
    const critical = { interpretation: 'critical' as const };
    expect(
      flagText(pointFlag(glucose('47', critical)), flagDirection(glucose('47', critical))),
    ).toBe('Critical low ↓');
    const hh = glucose('520', { ...critical, source_interpretation: 'HH' });
    expect(flagText(pointFlag(hh), flagDirection(hh))).toBe('Critical high ↑');
    const ll = glucose('<40', { ...critical, source_interpretation: 'LL' });
    expect(flagDirection(ll)).toBe('low');
    const high = glucose('131', { is_above_max_range: true });
    expect(flagText(pointFlag(high), flagDirection(high))).toBe('High ↑');
    expect(flagText('normal', null)).toBe('Normal');
    expect(flagText('critical', null)).toBe('Critical');
  });

  it('names the flagged markers of a report, critical first, with their direction', () => {
    const range = { min_range_value: 70, max_range_value: 99 };
    const flagged = flaggedMarkers([
      { ...ldl('90'), name: 'Sodium' },
      { ...ldl('131', { is_above_max_range: true }), name: 'LDL Cholesterol' },
      { ...ldl('47', { ...range, interpretation: 'critical' }), name: 'Glucose' },
    ]);
    expect(flagged.map((m) => m.words)).toEqual([
      'Glucose 47 mg/dL, critical low ↓',
      'LDL Cholesterol 131 mg/dL, high ↑',
    ]);
    expect(flaggedMarkers([ldl('90')])).toEqual([]);
  });

  it('dates each value by its sample’s collection, not by the report', () => {
    // Collected 22 Nov 07:19, reported four days later: the value belongs to 22 Nov.
    const collected = report('d', '2026-11-26T21:40:00Z', [
      ldl('120', { timestamp: '2026-11-26T21:40:00Z' }),
    ]);
    collected.results.metadata.date_collected = '2026-11-22T07:19:00Z';
    const [series] = markerSeries([collected]);
    expect(series?.points[0]?.t).toBe(Date.parse('2026-11-22T07:19:00Z'));
    // Without a collection time, the result's own time, then the report's.
    const [reported] = markerSeries([report('e', '2026-11-26T21:40:00Z', [ldl('120')])]);
    expect(reported?.points[0]?.t).toBe(Date.parse('2026-11-26T21:40:00Z'));
  });

  it('compares a result with the values reported before it only', () => {
    const [series] = markerSeries(reports);
    expect(earlierPoints(series, 'b').map((p) => p.orderId)).toEqual(['a']);
    expect(earlierPoints(series, 'c').map((p) => p.orderId)).toEqual(['b', 'a']);
  });

  it('gives round axis ticks that cover the values', () => {
    expect(niceTicks(2.1, 18.3)).toEqual([0, 5, 10, 15, 20]);
    const ticks = niceTicks(146, 206);
    expect(ticks[0]).toBeLessThanOrEqual(146);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(206);
  });
});

describe('latest value per marker', () => {
  const glucose = (result: string, extra: Partial<BiomarkerResult> = {}): BiomarkerResult => ({
    ...ldl(result, extra),
    name: 'Glucose',
    slug: 'glucose',
  });
  const tsh = (result: string): BiomarkerResult => ({ ...ldl(result), name: 'TSH', slug: 'tsh' });
  const series = markerSeries([
    report('new', '2026-06-01T00:00:00Z', [glucose('92'), tsh('1.2')]),
    report('old', '2026-01-01T00:00:00Z', [
      glucose('300', { interpretation: 'critical' }),
      ldl('150', { is_above_max_range: true }),
      tsh('9'),
    ]),
  ]);

  it('takes each marker’s newest value, whichever report it came in', () => {
    const latest = latestPerMarker(series);
    expect(latest.map((l) => [l.series.name, l.point.text, l.point.orderId])).toEqual([
      ['LDL Cholesterol', '150', 'old'],
      ['Glucose', '92', 'new'],
      ['TSH', '1.2', 'new'],
    ]);
  });

  it('puts a critical latest value before a high one, and both before normals', () => {
    const critical = markerSeries([
      report('x', '2026-02-01T00:00:00Z', [
        tsh('0.9'),
        glucose('310', { interpretation: 'critical' }),
        ldl('140', { is_above_max_range: true }),
      ]),
    ]);
    expect(latestPerMarker(critical).map((l) => l.point.flag)).toEqual([
      'critical',
      'high',
      'normal',
    ]);
  });

  it('is empty without values', () => {
    expect(latestPerMarker([])).toEqual([]);
  });
});
