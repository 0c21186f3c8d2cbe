import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupedTimeseriesSchema } from '../contract/timeseries';
import { listAudit } from '../bff/platform/audit/audit';
import { PATIENTS } from '../sandbox/seed';
import { startStack, type Stack } from './stack';

let stack: Stack;
const patient = PATIENTS[2]?.id ?? '';
/** A UTC date `days` before today: the local Lab API's data end at now (its clock is real here). */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const url = `/api/lab/v2/timeseries/${patient}/lean_body_mass/grouped?start_date=${daysAgo(20)}&end_date=${daysAgo(11)}`;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());
beforeEach(() => {
  stack.upstreamCalls.length = 0;
});

describe('wearable timeseries through the BFF', () => {
  it.each(['ops', 'admin'] as const)(
    'refuses %s with 403 before the Lab API is called',
    async (role) => {
      const cookie = await stack.signIn(role);
      const response = await stack.request(cookie, 'GET', url);
      expect(response.statusCode).toBe(403);
      expect(stack.upstreamCalls).toHaveLength(0);
    },
  );

  it.each(['clinician', 'coordinator'] as const)(
    'gives a %s the grouped samples and audits the read by user id',
    async (role) => {
      const cookie = await stack.signIn(role);
      const response = await stack.request(cookie, 'GET', url);
      expect(response.statusCode).toBe(200);
      const page = groupedTimeseriesSchema.parse(response.json());
      expect(Object.keys(page.groups).sort()).toEqual(['apple_health_kit', 'withings']);
      expect(page.groups.withings?.[0]?.data).toHaveLength(10);
      expect(stack.upstreamCalls).toEqual([`GET ${url.replace('/api/lab', '')}`]);
      const [latest] = await listAudit(stack.store.db, 1);
      expect(latest).toMatchObject({
        role,
        action: 'GET /v2/timeseries/{user_id}/{resource}/grouped',
        record_type: 'timeseries',
        record_id: patient,
        outcome: 200,
      });
    },
  );

  it('passes a large page through whole', async () => {
    const clinician = await stack.signIn('clinician');
    const response = await stack.request(
      clinician,
      'GET',
      `/api/lab/v2/timeseries/${patient}/heartrate/grouped?start_date=${daysAgo(40)}&end_date=${daysAgo(10)}`,
    );
    expect(response.statusCode).toBe(200);
    const page = groupedTimeseriesSchema.parse(response.json());
    expect(page.groups.apple_health_kit?.[0]?.data).toHaveLength(10_000);
    expect(page.next_cursor).toEqual(expect.any(String));
  });

  it('passes the Lab API’s 422 for a missing start_date through', async () => {
    const clinician = await stack.signIn('clinician');
    const response = await stack.request(
      clinician,
      'GET',
      `/api/lab/v2/timeseries/${patient}/heartrate/grouped`,
    );
    expect(response.statusCode).toBe(422);
  });
});
