import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedTimeseriesSchema, nextTimeseriesCursor } from '../contract/timeseries';
import { PATIENTS } from './seed';
import { YEAR_OF_MINUTES_PATIENT_ID } from './seed/wearables';
import { timeseriesPageSizeFromEnv } from './settingsFromEnv';
import { NOW, buildTestApp, get } from './test/helper';

const patient = PATIENTS[3]?.id ?? '';
const base = (user: string, resource: string) => `/v2/timeseries/${user}/${resource}/grouped`;

/** Every page of a query, following next_cursor (or the deprecated cursor) to the end. */
async function allPages(app: FastifyInstance, url: string, param = 'next_cursor') {
  const pages = [];
  let cursor: string | null = null;
  for (let i = 0; i < 2000; i++) {
    const { status, body } = await get(
      app,
      cursor ? `${url}&${param}=${encodeURIComponent(cursor)}` : url,
    );
    expect(status).toBe(200);
    const page = groupedTimeseriesSchema.parse(body);
    pages.push(page);
    cursor = nextTimeseriesCursor(page);
    if (!cursor) return pages;
  }
  throw new Error('paging never ended');
}

const samplesOf = (pages: Awaited<ReturnType<typeof allPages>>) =>
  pages.flatMap((p) =>
    Object.entries(p.groups).flatMap(([provider, groups]) =>
      groups.flatMap((g) =>
        g.data.map((s) => ({
          provider,
          type: g.source.type,
          timestamp: s.timestamp,
          value: s.value,
        })),
      ),
    ),
  );

describe('GET /v2/timeseries/{user_id}/{resource}/grouped', () => {
  let app: FastifyInstance;
  let small: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    small = await buildTestApp({ timeseriesPageSize: 7 });
  });
  afterAll(async () => {
    await app.close();
    await small.close();
  });

  it('groups lean body mass by provider and source, in kg, around a stable level', async () => {
    const { status, body } = await get(
      app,
      `${base(patient, 'lean_body_mass')}?start_date=2026-02-01&end_date=2026-02-28`,
    );
    expect(status).toBe(200);
    const page = groupedTimeseriesSchema.parse(body);
    expect(Object.keys(page.groups).sort()).toEqual(['apple_health_kit', 'withings']);
    expect(page.groups.withings?.[0]?.source).toEqual({ provider: 'withings', type: 'scale' });
    // Lean mass is weighed by bioimpedance scales, one of them writing to Apple Health.
    expect(page.groups.apple_health_kit?.[0]?.source).toEqual({
      provider: 'apple_health_kit',
      type: 'scale',
    });
    const scale = page.groups.withings?.[0]?.data ?? [];
    expect(scale).toHaveLength(28);
    expect(new Set(scale.map((s) => s.unit))).toEqual(new Set(['kg']));
    const values = scale.map((s) => Number(s.value));
    expect(Math.max(...values) - Math.min(...values)).toBeLessThan(4);
    expect(page.next_cursor).toBeNull();
  });

  it('gives the same samples on every call (deterministic)', async () => {
    const url = `${base(patient, 'heartrate')}?start_date=2026-02-10&end_date=2026-02-10`;
    const first = await get(app, url);
    const second = await get(app, url);
    expect(second.body).toEqual(first.body);
  });

  it('pages with next_cursor so every sample appears exactly once', async () => {
    const url = `${base(patient, 'lean_body_mass')}?start_date=2026-01-01&end_date=2026-01-31`;
    const [whole] = await allPages(app, url);
    const pages = await allPages(small, url);
    expect(pages.length).toBe(Math.ceil(62 / 7));
    const paged = samplesOf(pages);
    expect(paged).toHaveLength(62);
    expect(paged).toEqual(samplesOf(whole ? [whole] : []));
    const keys = paged.map((s) => `${s.provider}|${s.type}|${s.timestamp}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('accepts the deprecated cursor parameter too', async () => {
    const url = `${base(patient, 'sleep_apnea_alert')}?start_date=2026-01-01&end_date=2026-02-15`;
    const viaNext = samplesOf(await allPages(small, url));
    const viaCursor = samplesOf(await allPages(small, url, 'cursor'));
    expect(viaCursor).toEqual(viaNext);
    expect(viaNext.length).toBeGreaterThan(7);
  });

  it('keeps apnea alerts sparse: a few a night at most, each a count of 1', async () => {
    const pages = await allPages(
      app,
      `${base(patient, 'sleep_apnea_alert')}?start_date=2026-01-01&end_date=2026-01-31`,
    );
    const samples = samplesOf(pages);
    expect(samples.length).toBeGreaterThan(5);
    expect(samples.length).toBeLessThan(31 * 2 * 5);
    expect(new Set(samples.map((s) => s.value))).toEqual(new Set([1]));
  });

  it('filters by provider', async () => {
    const pages = await allPages(
      small,
      `${base(patient, 'lean_body_mass')}?start_date=2026-01-01&end_date=2026-01-31&provider=withings`,
    );
    const samples = samplesOf(pages);
    expect(new Set(samples.map((s) => s.provider))).toEqual(new Set(['withings']));
    expect(samples).toHaveLength(31);
  });

  it('reads a date-only start as 00:00:00 and a date-only end as the end of 23:59:59 (UTC)', async () => {
    const { body } = await get(
      app,
      `${base(patient, 'heartrate')}?start_date=2026-02-10&end_date=2026-02-10`,
    );
    const data = groupedTimeseriesSchema.parse(body).groups.apple_health_kit?.[0]?.data ?? [];
    expect(data).toHaveLength(1440);
    expect(data[0]?.timestamp).toBe('2026-02-10T00:00:00.000Z');
    expect(data.at(-1)?.timestamp).toBe('2026-02-10T23:59:00.000Z');
  });

  it('takes date-times with offsets as instants', async () => {
    const { body } = await get(
      app,
      `${base(patient, 'heartrate')}?start_date=${encodeURIComponent('2026-02-10T00:00:00-05:00')}&end_date=${encodeURIComponent('2026-02-10T00:09:59-05:00')}`,
    );
    const data = groupedTimeseriesSchema.parse(body).groups.apple_health_kit?.[0]?.data ?? [];
    expect(data.map((s) => s.timestamp)).toHaveLength(10);
    expect(data[0]?.timestamp).toBe('2026-02-10T05:00:00.000Z');
  });

  it('ends at now when no end_date is given', async () => {
    const { body } = await get(app, `${base(patient, 'heartrate')}?start_date=2026-03-01`);
    const data = groupedTimeseriesSchema.parse(body).groups.apple_health_kit?.[0]?.data ?? [];
    expect(data.at(-1)?.timestamp).toBe(new Date(NOW.getTime() - 60_000).toISOString());
  });

  it('names each source even when it has no samples in the range (the first page)', async () => {
    const { body } = await get(
      app,
      `${base(patient, 'lean_body_mass')}?start_date=2020-01-01&end_date=2020-01-31`,
    );
    const page = groupedTimeseriesSchema.parse(body);
    expect(page.groups.withings?.[0]?.data).toEqual([]);
    expect(page.groups.apple_health_kit?.[0]?.data).toEqual([]);
  });

  it('serves the demo patient a full year of minute heart rate from one provider', async () => {
    expect(YEAR_OF_MINUTES_PATIENT_ID).toBe(PATIENTS[0]?.id);
    const pages = await allPages(
      app,
      `${base(YEAR_OF_MINUTES_PATIENT_ID, 'heartrate')}?start_date=2025-01-01`,
    );
    expect(pages).toHaveLength(53);
    let count = 0;
    const providers = new Set<string>();
    for (const page of pages) {
      for (const [provider, groups] of Object.entries(page.groups)) {
        providers.add(provider);
        for (const g of groups) count += g.data.length;
      }
    }
    expect(count).toBe(525_600);
    expect(providers).toEqual(new Set(['apple_health_kit']));
  });

  it('requires start_date with the 422 shape of the real service', async () => {
    const { status, body } = await get(app, base(patient, 'heartrate'));
    expect(status).toBe(422);
    expect(body).toMatchObject({ detail: [{ type: 'missing', loc: ['query', 'start_date'] }] });
  });

  it('answers 422 for a cursor it did not hand out, and for a resource that does not exist', async () => {
    expect(
      (await get(app, `${base(patient, 'heartrate')}?start_date=2026-01-01&next_cursor=nope`))
        .status,
    ).toBe(422);
    expect((await get(app, `${base(patient, 'heart_beats')}?start_date=2026-01-01`)).status).toBe(
      422,
    );
  });

  it('answers 404 for a user the team does not have', async () => {
    const { status, body } = await get(
      app,
      `${base('00000000-0000-4000-8000-000000000000', 'heartrate')}?start_date=2026-01-01`,
    );
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'User not found' });
  });

  it('gives an empty answer for grouped resources it does not generate', async () => {
    const { status, body } = await get(app, `${base(patient, 'caffeine')}?start_date=2026-01-01`);
    expect(status).toBe(200);
    expect(body).toEqual({ groups: {}, next_cursor: null, next: null });
  });
});

describe('SANDBOX_TIMESERIES_PAGE_SIZE', () => {
  it('is read as a positive integer, unset meaning the default', () => {
    expect(timeseriesPageSizeFromEnv({})).toBeUndefined();
    expect(timeseriesPageSizeFromEnv({ SANDBOX_TIMESERIES_PAGE_SIZE: '25' })).toBe(25);
    expect(() => timeseriesPageSizeFromEnv({ SANDBOX_TIMESERIES_PAGE_SIZE: '0' })).toThrow(
      /positive integer/,
    );
    expect(() => timeseriesPageSizeFromEnv({ SANDBOX_TIMESERIES_PAGE_SIZE: 'ten' })).toThrow(
      /positive integer/,
    );
  });
});
