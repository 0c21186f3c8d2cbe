import { describe, expect, it } from 'vitest';
import {
  GROUPED_TIMESERIES_RESOURCE_SLUGS,
  PROVIDER_SLUGS,
  TIMESERIES_RESOURCES,
  findTimeseriesResource,
  groupedTimeseriesSchema,
  isKnown,
  nextTimeseriesCursor,
  providerSlugSchema,
  timeseriesQuerySchema,
  timeseriesSampleSchema,
  timeseriesSourceSchema,
} from './index';

const sample = {
  id: 12,
  timestamp: '2026-03-01T02:14:00+00:00',
  start: '2026-03-01T02:14:00+00:00',
  end: '2026-03-01T02:15:00+00:00',
  unit: 'count',
  value: 1,
  timezone_offset: -18000,
  type: null,
};

describe('grouped timeseries', () => {
  it('parses a page, keeping unknown providers, source types and fields', () => {
    const page = groupedTimeseriesSchema.parse({
      groups: {
        oura: [{ source: { provider: 'oura', type: 'ring', device_id: 'r-1' }, data: [sample] }],
        brand_new_wearable: [
          {
            source: { provider: 'brand_new_wearable', type: 'smart_mattress', sport: null },
            data: [{ ...sample, value: 3, confidence: 0.9 }],
          },
        ],
      },
      next_cursor: null,
      next: null,
    });
    expect(Object.keys(page.groups)).toEqual(['oura', 'brand_new_wearable']);
    const group = page.groups.brand_new_wearable?.[0];
    expect(group?.source.provider).toBe('brand_new_wearable');
    expect(group?.source.type).toBe('smart_mattress');
    expect(group?.source).toHaveProperty('sport', null);
    expect(group?.data[0]).toMatchObject({ value: 3, confidence: 0.9 });
    expect(page.next_cursor).toBeNull();
    expect(nextTimeseriesCursor(page)).toBeNull();
  });

  it('reads a missing or null source type as unknown', () => {
    expect(timeseriesSourceSchema.parse({ provider: 'fitbit' }).type).toBe('unknown');
    expect(timeseriesSourceSchema.parse({ provider: 'fitbit', type: null }).type).toBe('unknown');
  });

  it('accepts an empty last page and a page without next_cursor', () => {
    const empty = groupedTimeseriesSchema.parse({ groups: {} });
    expect(nextTimeseriesCursor(empty)).toBeNull();
    expect(nextTimeseriesCursor(groupedTimeseriesSchema.parse({ groups: {}, next: 'abc' }))).toBe(
      'abc',
    );
    expect(
      nextTimeseriesCursor(
        groupedTimeseriesSchema.parse({ groups: {}, next_cursor: 'new', next: 'old' }),
      ),
    ).toBe('new');
  });

  it('accepts instantaneous samples without start and end', () => {
    const instant = { timestamp: '2026-03-01T02:14:00Z', unit: 'bpm', value: 61.5 };
    expect(timeseriesSampleSchema.parse(instant)).toEqual(instant);
  });

  it('takes a note’s text value and a blood-pressure sample without one (the document has both)', () => {
    expect(timeseriesSampleSchema.safeParse({ ...sample, value: 'ate late' }).success).toBe(true);
    const pressure = {
      timestamp: sample.timestamp,
      unit: 'mmHg',
      systolic: 121,
      diastolic: 79,
    };
    expect(timeseriesSampleSchema.parse(pressure)).toMatchObject({ systolic: 121, diastolic: 79 });
  });

  it('rejects samples with a value of another kind or without a zoned timestamp', () => {
    expect(timeseriesSampleSchema.safeParse({ ...sample, value: { n: 1 } }).success).toBe(false);
    expect(
      timeseriesSampleSchema.safeParse({ ...sample, timestamp: '2026-03-01T02:14:00' }).success,
    ).toBe(false);
    expect(groupedTimeseriesSchema.safeParse({ groups: { oura: {} } }).success).toBe(false);
  });
});

describe('timeseries query', () => {
  it('needs a start date and defaults the provider to all', () => {
    expect(timeseriesQuerySchema.parse({ start_date: '2026-03-01' })).toEqual({
      start_date: '2026-03-01',
      provider: '',
    });
    expect(timeseriesQuerySchema.safeParse({}).success).toBe(false);
  });

  it('takes dates or date-times with offsets, a provider and either cursor', () => {
    const query = timeseriesQuerySchema.parse({
      start_date: '2026-03-08T00:00:00.000-05:00',
      end_date: '2026-03-08',
      provider: 'oura',
      next_cursor: 'abc',
      cursor: 'abc',
    });
    expect(query).toMatchObject({ provider: 'oura', next_cursor: 'abc', cursor: 'abc' });
  });

  it('refuses malformed dates and providers', () => {
    expect(timeseriesQuerySchema.safeParse({ start_date: '03/01/2026' }).success).toBe(false);
    expect(
      timeseriesQuerySchema.safeParse({ start_date: '2026-03-01', provider: '../admin' }).success,
    ).toBe(false);
  });
});

describe('catalogues', () => {
  it('lists the 41 provider slugs, and keeps others as text', () => {
    expect(PROVIDER_SLUGS).toHaveLength(41);
    expect(new Set(PROVIDER_SLUGS).size).toBe(41);
    expect(providerSlugSchema.parse('oura')).toBe('oura');
    expect(providerSlugSchema.parse('brand_new_wearable')).toBe('brand_new_wearable');
    expect(isKnown(PROVIDER_SLUGS, 'brand_new_wearable')).toBe(false);
    expect(providerSlugSchema.safeParse(42).success).toBe(false);
  });

  it('lists the 51 grouped resources', () => {
    expect(GROUPED_TIMESERIES_RESOURCE_SLUGS).toHaveLength(51);
    expect(new Set(GROUPED_TIMESERIES_RESOURCE_SLUGS).size).toBe(51);
  });

  it('describes the charted resources with their units and kinds', () => {
    const bySlug = Object.fromEntries(
      TIMESERIES_RESOURCES.map((r) => [r.slug, `${r.unit} ${r.kind}`]),
    );
    expect(bySlug).toMatchObject({
      sleep_apnea_alert: 'count count',
      lean_body_mass: 'kg line',
      heartrate: 'bpm line',
      hrv: 'rmssd line',
      glucose: 'mmol/L line',
      steps: 'count count',
      blood_oxygen: '% line',
      body_weight: 'kg line',
    });
    expect(findTimeseriesResource('sleep_apnea_alert')).toMatchObject({
      label: 'Sleep apnea alerts',
      countPer: 'night',
    });
    expect(findTimeseriesResource('nope')).toBeUndefined();
    for (const resource of TIMESERIES_RESOURCES) {
      expect(GROUPED_TIMESERIES_RESOURCE_SLUGS).toContain(resource.slug);
      expect(resource.label).not.toBe('');
    }
  });
});
