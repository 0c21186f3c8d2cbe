import { describe, expect, it } from 'vitest';
import { bucketize, chooseResolution } from './buckets';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('bucketize', () => {
  it('gives min, max, mean and count per hour, leaving out hours without samples', () => {
    const t0 = Date.UTC(2026, 0, 1);
    const x = Float64Array.from([0, 10, 50, 3 * 60, 3 * 60 + 5].map((m) => t0 + m * 60_000));
    const y = Float64Array.from([60, 80, 70, 100, 90]);
    const b = bucketize(x, y, t0, t0 + DAY, 'hour', 'UTC');
    expect([...b.start]).toEqual([t0, t0 + 3 * HOUR]);
    expect([...b.min]).toEqual([60, 90]);
    expect([...b.max]).toEqual([80, 100]);
    expect([...b.mean]).toEqual([70, 95]);
    expect([...b.count]).toEqual([3, 2]);
  });

  it('keeps only the samples of the view', () => {
    const t0 = Date.UTC(2026, 0, 1);
    const x = Float64Array.from({ length: 48 }, (_, i) => t0 + i * HOUR);
    const y = Float64Array.from({ length: 48 }, (_, i) => i);
    const b = bucketize(x, y, t0 + DAY, t0 + 2 * DAY, 'day', 'UTC');
    expect([...b.start]).toEqual([t0 + DAY]);
    expect([...b.count]).toEqual([24]);
    expect([...b.min]).toEqual([24]);
    expect([...b.max]).toEqual([47]);
  });

  it('cuts days at the clinician’s midnight, 23 hours on the day clocks go forward', () => {
    // New York, 8 March 2026: 00:00 EST is 05:00Z, and the next midnight (EDT) is 04:00Z on the 9th.
    const x = Float64Array.from(
      [
        '2026-03-08T04:59:00Z', // 23:59 on the 7th
        '2026-03-08T05:00:00Z', // 00:00 on the 8th
        '2026-03-09T03:59:00Z', // 23:59 on the 8th (EDT)
        '2026-03-09T04:00:00Z', // 00:00 on the 9th
      ].map(Date.parse),
    );
    const y = Float64Array.from([1, 2, 3, 4]);
    const b = bucketize(x, y, x[0] ?? 0, (x[3] ?? 0) + 1, 'day', 'America/New_York');
    expect([...b.start]).toEqual(
      ['2026-03-07T05:00:00Z', '2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z'].map(Date.parse),
    );
    expect([...b.count]).toEqual([1, 2, 1]);
    expect([...b.mean]).toEqual([1, 2.5, 4]);
  });

  it('starts weeks on Monday', () => {
    // Thursday 1 January 2026 and Monday 5 January.
    const x = Float64Array.from([
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 0, 4, 23),
      Date.UTC(2026, 0, 5),
    ]);
    const b = bucketize(
      x,
      Float64Array.from([1, 2, 3]),
      x[0] ?? 0,
      Date.UTC(2026, 1, 1),
      'week',
      'UTC',
    );
    expect([...b.start]).toEqual([Date.UTC(2025, 11, 29), Date.UTC(2026, 0, 5)]);
    expect([...b.count]).toEqual([2, 1]);
  });
});

describe('chooseResolution', () => {
  it('draws every sample when they fit the pixels, else the finest bucket that fits', () => {
    expect(chooseResolution(900, 365 * DAY, 1000)).toBe('every');
    expect(chooseResolution(2880, 2 * DAY, 1000)).toBe('lttb');
    expect(chooseResolution(43_200, 30 * DAY, 1000)).toBe('hour');
    expect(chooseResolution(525_600, 365 * DAY, 1000)).toBe('day');
    expect(chooseResolution(4 * 525_600, 4 * 365 * DAY, 1000)).toBe('week');
  });
});
