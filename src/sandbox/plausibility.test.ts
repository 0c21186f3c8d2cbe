import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labResultsRawSchema, type BiomarkerResult, type LabResultsRaw } from '../contract/results';
import { groupedTimeseriesSchema, nextTimeseriesCursor } from '../contract/timeseries';
import { analyteBySlug } from './lifecycle/analytes';
import { generateResults } from './lifecycle/results';
import { LAB_TESTS, MARKERS, PATIENTS } from './seed';
import { ALL_STORIES, storyOf } from './seed/stories';
import { MG_DL_PER_MMOL_L } from './seed/wearables';
import { NOW, allOrders, buildTestApp, get } from './test/helper';

/*
 * Would a clinician believe the demo data? The seeded results and monitor traces, read
 * through the local Lab API as the console reads them, against physiology: reference
 * intervals for the patient's age and sex, calculated values that add up, slow markers
 * that move slowly, criticals only where the patient's condition explains them, and a
 * glucose monitor that agrees with the A1c (the glucose management indicator).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HISTORY_DAYS = 90;

type Result = BiomarkerResult;
interface Report {
  orderId: string;
  userId: string;
  createdAt: string;
  raw: LabResultsRaw;
  /** The results as a list: the local Lab API never sends the old object form. */
  results: Result[];
}

const numberOf = (r: Result | undefined) => (typeof r?.value === 'number' ? r.value : null);
const bySlug = (report: Report) => new Map(report.results.map((r) => [r.slug ?? '', r]));
const gmi = (meanMgDl: number) => 3.31 + 0.02392 * meanMgDl;

async function reportsOf(app: FastifyInstance): Promise<Report[]> {
  const out: Report[] = [];
  for (const order of await allOrders(app)) {
    const { status, body } = await get(app, `/v3/order/${order.id}/result`);
    if (status !== 200) continue;
    const raw = labResultsRawSchema.parse(body);
    if (!Array.isArray(raw.results)) throw new Error('results are not a list');
    out.push({
      orderId: order.id,
      userId: order.user_id,
      createdAt: order.created_at,
      raw,
      results: raw.results,
    });
  }
  return out;
}

/** Every glucose-monitor reading (mg/dL) of a patient, with its time, through the API. */
async function monitorOf(app: FastifyInstance, userId: string, now: Date) {
  const start = new Date(now.getTime() - HISTORY_DAYS * DAY).toISOString();
  const readings: { at: number; mgdl: number }[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ start_date: start, end_date: now.toISOString() });
    if (cursor) query.set('next_cursor', cursor);
    const { body } = await get(app, `/v2/timeseries/${userId}/glucose/grouped?${query}`);
    const page = groupedTimeseriesSchema.parse(body);
    for (const groups of Object.values(page.groups))
      for (const group of groups)
        for (const s of group.data) {
          expect(s.unit).toBe('mmol/L');
          readings.push({ at: Date.parse(s.timestamp), mgdl: Number(s.value) * MG_DL_PER_MMOL_L });
        }
    cursor = nextTimeseriesCursor(page);
  } while (cursor);
  return readings;
}

function ageOn(dob: string, at: string): number {
  const birth = new Date(dob);
  const when = new Date(at);
  let age = when.getUTCFullYear() - birth.getUTCFullYear();
  if (
    when.getUTCMonth() < birth.getUTCMonth() ||
    (when.getUTCMonth() === birth.getUTCMonth() && when.getUTCDate() < birth.getUTCDate())
  )
    age -= 1;
  return age;
}

// The fixed clock of the other tests and today's: the seed lays its times out from "now".
const CLOCKS = [NOW, new Date(Math.floor(Date.now() / 60_000) * 60_000)];

describe.each(CLOCKS.map((clock) => [clock.toISOString().slice(0, 10), clock] as const))(
  'the seeded data is physiologically plausible (clock %s)',
  (_label, now) => {
    let app: FastifyInstance;
    let reports: Report[];
    beforeAll(async () => {
      app = await buildTestApp({ now: () => now });
      reports = await reportsOf(app);
    });
    afterAll(() => app.close());

    it('has results to judge, in the contract’s shapes', () => {
      expect(reports.length).toBeGreaterThan(30);
    });

    it('dates every sample when it was taken: before it reached the lab, before the report, once per patient', () => {
      const seen = new Map<string, Set<string>>();
      for (const { raw, results, userId, createdAt } of reports) {
        const { date_collected, date_received, date_reported } = raw.metadata;
        const collected = Date.parse(date_collected ?? '');
        // Taken after the order was placed, received later, reported hours after that.
        expect(collected).toBeGreaterThan(Date.parse(createdAt));
        expect(collected).toBeLessThan(Date.parse(date_received ?? ''));
        expect(Date.parse(date_received ?? '')).toBeLessThan(Date.parse(date_reported ?? ''));
        expect(Date.parse(date_reported ?? '') - collected).toBeGreaterThanOrEqual(HOUR);
        for (const r of results) expect(r.timestamp).toBe(date_reported);
        const mine = seen.get(userId) ?? new Set();
        expect(mine.has(date_collected ?? ''), `${userId} has two samples at one instant`).toBe(
          false,
        );
        mine.add(date_collected ?? '');
        seen.set(userId, mine);
      }
    });

    it('reads each value against the interval of the patient’s age and sex, with flags to match', () => {
      for (const report of reports) {
        const { raw } = report;
        const patient = PATIENTS.find(
          (p) => `${p.first_name} ${p.last_name}` === raw.metadata.patient,
        );
        expect(patient).toBeDefined();
        const age = ageOn(patient?.dob ?? '', raw.metadata.date_collected ?? '');
        expect(Math.abs(Number(raw.metadata.age) - age)).toBeLessThanOrEqual(1);
        for (const r of report.results) {
          const value = numberOf(r);
          if (value === null) continue;
          if (r.slug === 'hdl-cholesterol' && patient?.gender === 'female')
            expect(r.reference_range).toBe('>49');
          if (r.slug === 'hdl-cholesterol' && patient?.gender === 'male')
            expect(r.reference_range).toBe('>39');
          if (age < 18 && r.slug === 'triglycerides') expect(r.reference_range).toBe('<90');
          const above = r.max_range_value != null && value > r.max_range_value;
          const below = r.min_range_value != null && value < r.min_range_value;
          expect(r.is_above_max_range).toBe(above);
          expect(r.is_below_min_range).toBe(below);
          if (r.interpretation === 'normal') expect(above || below).toBe(false);
          else expect(above || below, `${r.slug} ${value} flagged ${r.interpretation}`).toBe(true);
        }
      }
    });

    it('derives calculated values from the measured ones', () => {
      let lipidPanels = 0;
      for (const report of reports) {
        const { raw } = report;
        const r = bySlug(report);
        const tc = numberOf(r.get('cholesterol-total'));
        const hdl = numberOf(r.get('hdl-cholesterol'));
        const ldl = numberOf(r.get('ldl-cholesterol-calculated'));
        const tg = numberOf(r.get('triglycerides'));
        // A calculated LDL needs the triglycerides of the same sample, below 400 mg/dL.
        if (ldl !== null) {
          expect(tg, 'calculated LDL without triglycerides').not.toBeNull();
          expect(tg ?? 0).toBeLessThan(400);
        }
        if (tc !== null && hdl !== null && ldl !== null && tg !== null) {
          lipidPanels++;
          expect(Math.abs(ldl - (tc - hdl - tg / 5))).toBeLessThanOrEqual(12);
          expect(hdl + ldl).toBeLessThan(tc);
        }
        if (tg !== null && tg >= 400 && r.has('cholesterol-total')) {
          expect(raw.missing_results?.map((m) => m.slug)).toContain('ldl-cholesterol-calculated');
        }
        const protein = numberOf(r.get('protein-total'));
        const albumin = numberOf(r.get('albumin'));
        if (protein !== null && albumin !== null) {
          expect(protein - albumin).toBeGreaterThanOrEqual(1.5);
          expect(protein - albumin).toBeLessThanOrEqual(4.5);
        }
        const na = numberOf(r.get('sodium'));
        const cl = numberOf(r.get('chloride'));
        const co2 = numberOf(r.get('carbon-dioxide-total'));
        if (na !== null && cl !== null && co2 !== null) {
          expect(na - cl - co2).toBeGreaterThanOrEqual(4);
          expect(na - cl - co2).toBeLessThanOrEqual(18);
        }
      }
      expect(lipidPanels).toBeGreaterThan(5);
    });

    it('moves A1c slowly: at most 2 points within 60 days, and diabetic levels only for diabetics', () => {
      const a1c = reports.flatMap((report) => {
        const { raw, userId } = report;
        const value = numberOf(bySlug(report).get('hemoglobin-a1c'));
        return value === null
          ? []
          : [{ userId, value, at: Date.parse(raw.metadata.date_collected ?? '') }];
      });
      expect(a1c.length).toBeGreaterThan(10);
      for (const a of a1c) {
        for (const b of a1c) {
          if (a.userId !== b.userId || Math.abs(a.at - b.at) > 60 * DAY) continue;
          expect(Math.abs(a.value - b.value)).toBeLessThanOrEqual(2);
        }
        if (!storyOf(a.userId)?.diabetes) expect(a.value).toBeLessThan(6.5);
        else expect(a.value).toBeGreaterThanOrEqual(6.5);
      }
    });

    it('has criticals only where a patient’s condition explains them, in the direction it does', () => {
      let criticals = 0;
      const perPatient = new Map<string, number>();
      for (const { raw, results, userId } of reports) {
        const critical = results.filter((r) => r.interpretation === 'critical');
        expect(raw.metadata.interpretation === 'critical').toBe(critical.length > 0);
        for (const r of critical) {
          criticals++;
          perPatient.set(userId, (perPatient.get(userId) ?? 0) + 1);
          const acute = storyOf(userId)?.acute;
          expect(acute, `${r.slug} ${r.result} critical with no story`).toBeDefined();
          expect(r.slug).toBe(acute?.slug);
          expect(numberOf(r)).toBe(acute?.value);
          const analyte = analyteBySlug(r.slug ?? '');
          // A slow marker (an average over months) is never what is called to the clinician.
          expect(r.slug).not.toBe('hemoglobin-a1c');
          const high = (analyte?.high ?? Infinity) < (acute?.value ?? 0);
          expect(r.source_interpretation).toBe(high ? 'HH' : 'LL');
        }
      }
      expect(criticals).toBeGreaterThanOrEqual(1);
      for (const count of perPatient.values()) expect(count).toBe(1);
    });

    it('shows a diabetic’s monitor agreeing with their A1c, and traces that differ between people', async () => {
      let agreeing = 0;
      const means: number[] = [];
      for (const patient of PATIENTS) {
        const readings = await monitorOf(app, patient.id, now);
        expect(readings.length).toBeGreaterThan(HISTORY_DAYS * 96 * 0.95);
        const mean = readings.reduce((sum, r) => sum + r.mgdl, 0) / readings.length;
        means.push(mean);
        const story = storyOf(patient.id);
        const inRange = readings.filter((r) => r.mgdl >= 70 && r.mgdl <= 180).length;
        if (!story?.diabetes) {
          // People without diabetes: mean about 100 mg/dL, nearly all day in 70–180.
          expect(mean).toBeGreaterThan(80);
          expect(mean).toBeLessThan(120);
          expect(inRange / readings.length).toBeGreaterThan(0.9);
          continue;
        }
        expect(gmi(mean)).toBeGreaterThanOrEqual(6.5);
        // Each A1c drawn after two weeks of monitoring matches the monitor's GMI of those weeks.
        for (const report of reports.filter((r) => r.userId === patient.id)) {
          const { raw } = report;
          const a1c = numberOf(bySlug(report).get('hemoglobin-a1c'));
          const at = Date.parse(raw.metadata.date_collected ?? '');
          if (a1c === null || at - 14 * DAY < now.getTime() - HISTORY_DAYS * DAY) continue;
          const weeks = readings.filter((r) => r.at <= at && r.at > at - 14 * DAY);
          const weeksMean = weeks.reduce((sum, r) => sum + r.mgdl, 0) / weeks.length;
          expect(Math.abs(gmi(weeksMean) - a1c)).toBeLessThanOrEqual(0.6);
          agreeing++;
        }
      }
      expect(agreeing).toBeGreaterThanOrEqual(1);
      // Thirty people are not one trace: their means spread over tens of mg/dL.
      expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(50);
      // Thirty people's months of 15-minute readings, page by page through the API: more
      // than the default 20 s allows on a loaded two-core machine.
    }, 90_000);

    it('weighs lean body mass on scales, below body weight', async () => {
      const day = new Date(now.getTime() - DAY).toISOString().slice(0, 10);
      for (const patient of PATIENTS) {
        const read = async (resource: string) =>
          groupedTimeseriesSchema.parse(
            (
              await get(
                app,
                `/v2/timeseries/${patient.id}/${resource}/grouped?start_date=${day}&end_date=${day}`,
              )
            ).body,
          );
        const lean = await read('lean_body_mass');
        const weight = await read('body_weight');
        const weights = Object.values(weight.groups).flatMap((g) =>
          g.flatMap((x) => x.data.map((s) => Number(s.value))),
        );
        for (const groups of Object.values(lean.groups))
          for (const group of groups) {
            expect(group.source.type).toBe('scale');
            for (const s of group.data)
              expect(Number(s.value)).toBeLessThan(Math.min(...weights) * 0.9);
          }
      }
    });
  },
);

describe('results made for a simulation', () => {
  const markersOf = (slug: string) =>
    (LAB_TESTS.find((t) => t.slug === slug)?.marker_ids ?? []).flatMap((id) =>
      MARKERS.filter((m) => m.id === id),
    );
  const context = (dob: string) => ({
    orderId: 'order-1',
    patientKey: 'teen-1',
    sex: 'female',
    sampleId: 'SMP1',
    patientName: 'A Teen',
    dob,
    labName: 'Quest Diagnostics',
    collectedAt: '2026-11-20T08:00:00Z',
    reportedAt: '2026-11-21T08:00:00Z',
    status: 'final' as const,
    corrected: false,
  });

  it('use adolescent intervals for a 14-year-old', () => {
    const raw = generateResults(markersOf('metabolic-health-panel'), {}, context('2012-06-01'));
    const ranges = new Map(raw.results.map((r) => [r.slug, r.reference_range]));
    expect(ranges.get('alkaline-phosphatase')).toBe('62-280');
    expect(ranges.get('creatinine')).toBe('0.40-0.86');
    expect(ranges.get('cholesterol-total')).toBe('<170');
    expect(ranges.get('ldl-cholesterol-calculated')).toBe('<110');
    expect(ranges.get('hdl-cholesterol')).toBe('>45');
    expect(ranges.get('triglycerides')).toBe('<90');
    const adult = generateResults(markersOf('metabolic-health-panel'), {}, context('1980-06-01'));
    expect(adult.results.find((r) => r.slug === 'alkaline-phosphatase')?.reference_range).toBe(
      '44-147',
    );
  });

  it('call a critical on a value that changes within hours when the panel has one', () => {
    for (const patientKey of ['p1', 'p2', 'p3', 'p4', 'p5']) {
      const raw = generateResults(
        markersOf('metabolic-health-panel'),
        { interpretation: 'critical' },
        { ...context('1980-06-01'), patientKey },
      );
      const critical = raw.results.filter((r) => r.interpretation === 'critical');
      expect(critical).toHaveLength(1);
      expect(analyteBySlug(critical[0]?.slug ?? '')?.acute).toBe(true);
    }
  });

  it('follow a patient’s story: kidney disease makes the critical a high potassium', () => {
    const story = ALL_STORIES.find((s) => s.acute?.slug === 'potassium');
    const patient = PATIENTS.find((p) => p.client_user_id === story?.clientUserId);
    const raw = generateResults(
      markersOf('metabolic-health-panel'),
      { interpretation: 'critical' },
      { ...context(patient?.dob ?? ''), patientKey: patient?.id ?? '' },
    );
    const critical = raw.results.find((r) => r.interpretation === 'critical');
    expect(critical).toMatchObject({ slug: 'potassium', source_interpretation: 'HH' });
  });

  it('leave the calculated LDL out, with the reason, when triglycerides are missing', () => {
    const raw = generateResults(
      markersOf('heart-health-panel'),
      { has_missing_results: true },
      context('1980-06-01'),
    );
    expect(raw.results.map((r) => r.slug)).not.toContain('ldl-cholesterol-calculated');
    expect(raw.missing_results.map((m) => [m.slug, m.note])).toEqual(
      expect.arrayContaining([
        ['ldl-cholesterol-calculated', 'Not calculated: triglycerides were not measured.'],
        ['triglycerides', expect.any(String)],
      ]),
    );
  });
});
