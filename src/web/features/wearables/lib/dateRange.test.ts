import { describe, expect, it } from 'vitest';
import { timeseriesQuerySchema } from '../../../../contract';
import {
  defaultRange,
  describeRange,
  formatInZone,
  todayIn,
  toQueryRange,
  zoneOffsetMs,
} from './dateRange';

describe('toQueryRange', () => {
  it.each([
    // zone, first day, last day, start_date, end_date
    [
      'America/New_York',
      '2026-03-08',
      '2026-03-08',
      '2026-03-08T00:00:00.000-05:00',
      '2026-03-08T23:59:59.999-04:00',
    ],
    [
      'America/New_York',
      '2026-11-01',
      '2026-11-01',
      '2026-11-01T00:00:00.000-04:00',
      '2026-11-01T23:59:59.999-05:00',
    ],
    [
      'America/New_York',
      '2026-03-01',
      '2026-03-31',
      '2026-03-01T00:00:00.000-05:00',
      '2026-03-31T23:59:59.999-04:00',
    ],
    [
      'Europe/Berlin',
      '2026-03-29',
      '2026-03-29',
      '2026-03-29T00:00:00.000+01:00',
      '2026-03-29T23:59:59.999+02:00',
    ],
    [
      'Europe/Berlin',
      '2026-10-25',
      '2026-10-25',
      '2026-10-25T00:00:00.000+02:00',
      '2026-10-25T23:59:59.999+01:00',
    ],
    // Lord Howe Island moves its clocks by half an hour.
    [
      'Australia/Lord_Howe',
      '2026-04-05',
      '2026-04-05',
      '2026-04-05T00:00:00.000+11:00',
      '2026-04-05T23:59:59.999+10:30',
    ],
    [
      'Australia/Lord_Howe',
      '2026-10-04',
      '2026-10-04',
      '2026-10-04T00:00:00.000+10:30',
      '2026-10-04T23:59:59.999+11:00',
    ],
    // Samoa: +13:00 all year since 2021.
    [
      'Pacific/Apia',
      '2026-01-01',
      '2026-12-31',
      '2026-01-01T00:00:00.000+13:00',
      '2026-12-31T23:59:59.999+13:00',
    ],
    [
      'UTC',
      '2026-03-01',
      '2026-03-31',
      '2026-03-01T00:00:00.000+00:00',
      '2026-03-31T23:59:59.999+00:00',
    ],
    [
      'Asia/Kathmandu',
      '2026-02-28',
      '2026-03-01',
      '2026-02-28T00:00:00.000+05:45',
      '2026-03-01T23:59:59.999+05:45',
    ],
  ])('%s %s..%s', (zone, first, last, start, end) => {
    expect(toQueryRange(first, last, zone)).toEqual({ start_date: start, end_date: end });
  });

  it('starts the day when the clocks jump over midnight (Santiago, spring)', () => {
    // 2026-09-06 00:00 does not exist in Chile: the clocks go from 23:59:59 to 01:00.
    expect(toQueryRange('2026-09-06', '2026-09-06', 'America/Santiago')).toEqual({
      start_date: '2026-09-06T01:00:00.000-03:00',
      end_date: '2026-09-06T23:59:59.999-03:00',
    });
  });

  it('ends the day before the repeated hour of the next day (Santiago, autumn)', () => {
    // At 2026-04-05 00:00 -03:00 the clocks go back to 2026-04-04 23:00 -04:00.
    expect(toQueryRange('2026-04-04', '2026-04-04', 'America/Santiago')).toEqual({
      start_date: '2026-04-04T00:00:00.000-03:00',
      end_date: '2026-04-04T23:59:59.999-04:00',
    });
  });

  it('crosses the day Samoa skipped when it moved over the date line', () => {
    expect(toQueryRange('2011-12-29', '2011-12-31', 'Pacific/Apia')).toEqual({
      start_date: '2011-12-29T00:00:00.000-10:00',
      end_date: '2011-12-31T23:59:59.999+14:00',
    });
    expect(() => toQueryRange('2011-12-30', '2011-12-31', 'Pacific/Apia')).toThrow(
      /does not exist/,
    );
  });

  it('gives instants a day apart less one millisecond, whatever the zone', () => {
    const { start_date, end_date } = toQueryRange('2026-03-08', '2026-03-08', 'America/New_York');
    // 23 hours that day in New York.
    expect(Date.parse(end_date) - Date.parse(start_date)).toBe(23 * 3_600_000 - 1);
  });

  it('produces strings the timeseries query accepts', () => {
    const range = toQueryRange('2026-03-01', '2026-03-31', 'Australia/Lord_Howe');
    expect(timeseriesQuerySchema.parse(range)).toMatchObject(range);
  });

  it('refuses bad dates, reversed ranges and unknown zones', () => {
    expect(() => toQueryRange('2026-02-30', '2026-03-01', 'UTC')).toThrow(RangeError);
    expect(() => toQueryRange('2026-3-1', '2026-03-01', 'UTC')).toThrow(RangeError);
    expect(() => toQueryRange('2026-03-02', '2026-03-01', 'UTC')).toThrow(RangeError);
    expect(() => toQueryRange('2026-03-01', '2026-03-01', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('zone offsets', () => {
  it('reads offsets from the platform, east positive', () => {
    expect(zoneOffsetMs(Date.parse('2026-07-01T00:00:00Z'), 'America/New_York')).toBe(
      -4 * 3_600_000,
    );
    expect(zoneOffsetMs(Date.parse('2026-01-01T00:00:00Z'), 'Australia/Lord_Howe')).toBe(
      11 * 3_600_000,
    );
    expect(formatInZone(Date.parse('2026-07-01T12:34:56.789Z'), 'Asia/Kolkata')).toBe(
      '2026-07-01T18:04:56.789+05:30',
    );
  });
});

describe('describeRange', () => {
  it('tells the days, the times and the zone', () => {
    expect(describeRange('2026-03-01', '2026-03-31', 'America/New_York')).toBe(
      '1 Mar 2026 00:00 – 31 Mar 2026 23:59 (America/New_York)',
    );
    expect(describeRange('2026-03-08', '2026-03-08', 'Europe/Berlin')).toBe(
      '8 Mar 2026 00:00 – 8 Mar 2026 23:59 (Europe/Berlin)',
    );
  });

  it('shows the real first hour on a day that skips midnight', () => {
    expect(describeRange('2026-09-06', '2026-09-06', 'America/Santiago')).toMatch(
      /^6 Sept? 2026 01:00 – 6 Sept? 2026 23:59 \(America\/Santiago\)$/,
    );
  });
});

describe('defaultRange and todayIn', () => {
  it('counts back the given number of days, today included', () => {
    expect(defaultRange('2026-03-31', 30)).toEqual({
      startDate: '2026-03-02',
      endDate: '2026-03-31',
    });
    expect(defaultRange('2026-03-01', 1)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-01',
    });
    expect(defaultRange('2024-03-01', 2)).toEqual({
      startDate: '2024-02-29',
      endDate: '2024-03-01',
    });
    expect(defaultRange('2026-01-01', 365).startDate).toBe('2025-01-02');
    expect(() => defaultRange('2026-01-01', 0)).toThrow(RangeError);
    expect(() => defaultRange('2026-01-01', 1.5)).toThrow(RangeError);
  });

  it('knows which day it is in a zone', () => {
    const now = new Date('2026-03-01T05:00:00Z');
    expect(todayIn('UTC', now)).toBe('2026-03-01');
    expect(todayIn('America/New_York', now)).toBe('2026-03-01');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-02-28');
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2026-03-01');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-03-01T12:00:00Z'))).toBe('2026-03-02');
  });
});
