import { describe, expect, it } from 'vitest';
import { groupedTimeseriesSchema, type GroupedTimeseries } from '../../../../contract/timeseries';
import { toChartData } from './chartData';
import { collectSeries, foldPage, mergeChunks } from './series';
import { toCsv } from './csv';

const sample = (timestamp: string, value: number, unit = 'kg') => ({ timestamp, value, unit });

function page(groups: Record<string, [string, ReturnType<typeof sample>[]][]>): GroupedTimeseries {
  return groupedTimeseriesSchema.parse({
    groups: Object.fromEntries(
      Object.entries(groups).map(([provider, list]) => [
        provider,
        list.map(([type, data]) => ({ source: { provider, type }, data })),
      ]),
    ),
    next_cursor: null,
  });
}

describe('collectSeries', () => {
  it('charts only samples with a number value (a blood-pressure sample has none)', () => {
    const [series] = collectSeries([
      groupedTimeseriesSchema.parse({
        groups: {
          omron: [
            {
              source: { provider: 'omron', type: 'cuff' },
              data: [
                { timestamp: '2026-01-01T07:00:00Z', unit: 'mmHg', systolic: 121, diastolic: 79 },
                sample('2026-01-01T08:00:00Z', 72, 'bpm'),
              ],
            },
          ],
        },
      }),
    ]);
    expect(series?.x).toHaveLength(1);
    expect([...(series?.y ?? [])]).toEqual([72]);
  });

  it('makes one series per provider and source type across pages, oldest first', () => {
    const series = collectSeries([
      page({
        withings: [
          ['scale', [sample('2026-01-01T07:00:00Z', 50), sample('2026-01-02T07:00:00Z', 51)]],
        ],
        apple_health_kit: [['watch', [sample('2026-01-01T09:00:00Z', 52)]]],
      }),
      page({ withings: [['scale', [sample('2026-01-03T07:00:00Z', 50.5)]]] }),
    ]);
    expect(series.map((s) => s.key)).toEqual(['apple_health_kit · watch', 'withings · scale']);
    const scale = series[1];
    expect([...(scale?.y ?? [])]).toEqual([50, 51, 50.5]);
    expect([...(scale?.x ?? [])]).toEqual([
      Date.parse('2026-01-01T07:00:00Z'),
      Date.parse('2026-01-02T07:00:00Z'),
      Date.parse('2026-01-03T07:00:00Z'),
    ]);
    expect(scale?.unit).toBe('kg');
  });

  it('keeps a source with no samples (so its empty state can be shown)', () => {
    const series = collectSeries([page({ withings: [['scale', []]] })]);
    expect(series).toHaveLength(1);
    expect(series[0]?.x).toHaveLength(0);
  });

  it('sorts samples that arrived out of order', () => {
    const series = collectSeries([
      page({
        oura: [['ring', [sample('2026-01-02T00:00:00Z', 2), sample('2026-01-01T00:00:00Z', 1)]]],
      }),
    ]);
    expect([...(series[0]?.y ?? [])]).toEqual([1, 2]);
  });

  it('joins pages in the order given (windows, then each window’s cursor), whatever their arrival', () => {
    const january = foldPage(
      page({
        oura: [['ring', [sample('2026-01-01T00:00:00Z', 1), sample('2026-01-01T00:01:00Z', 2)]]],
      }),
    );
    const januaryNext = foldPage(page({ oura: [['ring', [sample('2026-01-01T00:02:00Z', 3)]]] }));
    const february = foldPage(
      page({
        oura: [['ring', [sample('2026-02-01T00:00:00Z', 4, 'bpm')]]],
        withings: [['scale', [sample('2026-02-01T07:00:00Z', 70)]]],
      }),
    );
    const [ring, scale] = mergeChunks([...january, ...januaryNext, ...february]);
    expect(ring?.key).toBe('oura · ring');
    expect([...(ring?.y ?? [])]).toEqual([1, 2, 3, 4]);
    expect([...(ring?.x ?? [])]).toEqual(
      [
        '2026-01-01T00:00:00Z',
        '2026-01-01T00:01:00Z',
        '2026-01-01T00:02:00Z',
        '2026-02-01T00:00:00Z',
      ].map(Date.parse),
    );
    // Units are numbered per page and renumbered per series.
    expect(ring?.units).toEqual(['kg', 'bpm']);
    expect([...(ring?.unitIndex ?? [])]).toEqual([0, 0, 0, 1]);
    expect(scale?.key).toBe('withings · scale');
    expect([...(scale?.y ?? [])]).toEqual([70]);
  });

  it('keeps each sample’s offset, NaN where the sample had none', () => {
    const [s] = collectSeries([
      groupedTimeseriesSchema.parse({
        groups: {
          oura: [
            {
              source: { provider: 'oura', type: 'ring' },
              data: [
                { ...sample('2026-01-01T00:00:00Z', 1), timezone_offset: 3600 },
                sample('2026-01-01T00:01:00Z', 2),
              ],
            },
          ],
        },
      }),
    ]);
    expect(s?.offset[0]).toBe(3600);
    expect(s?.offset[1]).toBeNaN();
  });
});

describe('toChartData', () => {
  const minutes = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      sample(new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), 60 + (i % 17), 'bpm'),
    );

  it('draws a long range per hour: the mean line in a band from the lowest to the highest', () => {
    const data = minutes(100_000);
    data[5_000] = sample('2026-01-04T11:20:00.000Z', 190, 'bpm');
    data[70_000] = sample('2026-02-18T14:40:00.000Z', 31, 'bpm');
    const series = collectSeries([page({ apple_health_kit: [['watch', data]] })]);
    // 100,000 minutes are 1,667 hours: at 2,000 px, one bucket an hour.
    const chart = toChartData(series, { kind: 'line' }, 2000, 'UTC');
    expect(chart.resolution).toBe('hour');
    expect(chart.total).toBe(100_000);
    expect(chart.rows).toHaveLength(1667);
    const key = 'apple_health_kit · watch';
    const spike = chart.rows.find((r) => r.t === Date.parse('2026-01-04T11:00:00Z'));
    expect(spike?.[`${key}|max`]).toBe(190);
    expect(spike?.[`${key}|n`]).toBe(60);
    const trough = chart.rows.find((r) => r.t === Date.parse('2026-02-18T14:00:00Z'));
    expect(trough?.[`${key}|min`]).toBe(31);
    // At 800 px the hours no longer fit: one bucket a day.
    const daily = toChartData(series, { kind: 'line' }, 800, 'UTC');
    expect(daily.resolution).toBe('day');
    expect(daily.rows).toHaveLength(70);
  });

  it('breaks the band and the line where hours have no samples, rather than bridging them', () => {
    const data = minutes(100_000).filter((s) => {
      const t = Date.parse(s.timestamp);
      // Three hours without samples on 10 January.
      return t < Date.UTC(2026, 0, 10, 6) || t >= Date.UTC(2026, 0, 10, 9);
    });
    const series = collectSeries([page({ apple_health_kit: [['watch', data]] })]);
    const chart = toChartData(series, { kind: 'line' }, 2000, 'UTC');
    expect(chart.resolution).toBe('hour');
    const gap = chart.rows.find((r) => r.t === Date.UTC(2026, 0, 10, 6));
    expect(gap).toEqual({ t: Date.UTC(2026, 0, 10, 6) });
    expect(chart.rows.find((r) => r.t === Date.UTC(2026, 0, 10, 7))).toBeUndefined();
    expect(
      chart.rows.find((r) => r.t === Date.UTC(2026, 0, 10, 9))?.['apple_health_kit · watch|n'],
    ).toBe(60);
    expect(chart.drawn).toBe(1667 - 3);
  });

  it('draws every sample again when the view is zoomed in far enough', () => {
    const series = collectSeries([page({ apple_health_kit: [['watch', minutes(100_000)]] })]);
    const from = Date.UTC(2026, 0, 10, 6);
    const chart = toChartData(series, { kind: 'line' }, 800, 'UTC', {
      from,
      to: from + 600 * 60_000,
    });
    expect(chart.resolution).toBe('every');
    expect(chart.rows).toHaveLength(600);
    expect(chart.rows[0]?.t).toBe(from);
    expect(chart.domain).toEqual({ from, to: from + 600 * 60_000 });
  });

  it('merges two providers by time, each row holding the series with a point there', () => {
    const series = collectSeries([
      page({
        withings: [['scale', [sample('2026-01-01T07:00:00Z', 50)]]],
        apple_health_kit: [
          ['watch', [sample('2026-01-01T07:00:00Z', 51), sample('2026-01-01T09:00:00Z', 52)]],
        ],
      }),
    ]);
    const chart = toChartData(series, { kind: 'line' }, 800, 'UTC');
    expect(chart.keys).toEqual(['apple_health_kit · watch', 'withings · scale']);
    expect(chart.rows).toEqual([
      {
        t: Date.parse('2026-01-01T07:00:00Z'),
        'apple_health_kit · watch': 51,
        'withings · scale': 50,
      },
      { t: Date.parse('2026-01-01T09:00:00Z'), 'apple_health_kit · watch': 52 },
    ]);
  });

  it('sums count events per local night: evening and the small hours count for the evening’s date', () => {
    const series = collectSeries([
      page({
        apple_health_kit: [
          [
            'watch',
            [
              // New York: 23:30 on 1 Jan and 03:00 on 2 Jan are the night of 1 Jan.
              sample('2026-01-02T04:30:00Z', 1, 'count'),
              sample('2026-01-02T08:00:00Z', 1, 'count'),
              // 02:00 on 3 Jan: the night of 2 Jan.
              sample('2026-01-03T07:00:00Z', 1, 'count'),
            ],
          ],
        ],
        withings: [['unknown', [sample('2026-01-02T05:00:00Z', 1, 'count')]]],
      }),
    ]);
    const chart = toChartData(
      series,
      { kind: 'count', countPer: 'night' },
      800,
      'America/New_York',
    );
    expect(chart.rows).toEqual([
      { t: Date.UTC(2026, 0, 1), 'apple_health_kit · watch': 2, 'withings · unknown': 1 },
      { t: Date.UTC(2026, 0, 2), 'apple_health_kit · watch': 1, 'withings · unknown': 0 },
    ]);
  });
});

describe('toChartData with the patient’s offset', () => {
  it('counts nights in the patient’s local time when samples carry timezone_offset', () => {
    const pageWithOffsets = groupedTimeseriesSchema.parse({
      groups: {
        apple_health_kit: [
          {
            source: { provider: 'apple_health_kit', type: 'watch' },
            data: [
              // Patient at UTC-7: 23:30 on 1 Jan and 05:30 on 2 Jan local are one night.
              { ...sample('2026-01-02T06:30:00Z', 1, 'count'), timezone_offset: -25_200 },
              { ...sample('2026-01-02T12:30:00Z', 1, 'count'), timezone_offset: -25_200 },
            ],
          },
        ],
      },
      next_cursor: null,
    });
    // By a Tokyo clinician's clock this is the night of 2 Jan; the patient's offset wins.
    const chart = toChartData(
      collectSeries([pageWithOffsets]),
      { kind: 'count', countPer: 'night' },
      800,
      'Asia/Tokyo',
    );
    expect(chart.rows).toEqual([{ t: Date.UTC(2026, 0, 1), 'apple_health_kit · watch': 2 }]);
  });
});

describe('toCsv', () => {
  it('writes every sample at full resolution with a header, quoting what needs it', () => {
    const series = collectSeries([
      page({
        withings: [['scale', [sample('2026-01-01T07:00:00Z', 50.25)]]],
        'odd,provider': [['watch', [sample('2026-01-01T09:00:00Z', 52, 'k"g')]]],
      }),
    ]);
    expect(toCsv(series)).toBe(
      'timestamp,provider,source_type,value,unit\r\n' +
        '2026-01-01T09:00:00.000Z,"odd,provider",watch,52,"k""g"\r\n' +
        '2026-01-01T07:00:00.000Z,withings,scale,50.25,kg\r\n',
    );
  });
});
