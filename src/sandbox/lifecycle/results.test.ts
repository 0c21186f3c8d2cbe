import { describe, expect, it } from 'vitest';
import { LAB_TESTS, MARKERS } from '../seed/catalog';
import { analyteBySlug, referenceRangeText } from './analytes';
import { flagsFor, worstFlag } from './analyteValues';
import { generateResults, type ResultContext, type ResultTarget } from './results';

const markersOf = (slug: string) => {
  const test = LAB_TESTS.find((t) => t.slug === slug);
  if (!test) throw new Error(slug);
  return test.marker_ids.flatMap((id) => MARKERS.filter((m) => m.id === id));
};

function ctx(patient: string, order: string, at = '2026-03-01T09:00:00Z'): ResultContext {
  return {
    orderId: order,
    patientKey: patient,
    sex: 'female',
    sampleId: 'SMP1',
    patientName: 'Ada Lovelace',
    dob: '1980-02-03',
    labName: 'Quest Diagnostics',
    collectedAt: at,
    reportedAt: at,
    status: 'final',
    corrected: false,
  };
}

const numeric = (r: { value: unknown }) => r.value as number;

function known(slug: string) {
  const analyte = analyteBySlug(slug);
  if (!analyte) throw new Error(`no analyte ${slug}`);
  return analyte;
}

describe('flags from values and intervals', () => {
  const glucose = known('glucose');
  it('reads normal, high, low and critical against the interval and the limits', () => {
    expect(flagsFor(glucose, 85, null)).toEqual({ flag: 'normal', above: false, below: false });
    expect(flagsFor(glucose, 126, null)).toEqual({ flag: 'abnormal', above: true, below: false });
    expect(flagsFor(glucose, 62, null)).toEqual({ flag: 'abnormal', above: false, below: true });
    expect(flagsFor(glucose, 450, null).flag).toBe('critical');
    expect(flagsFor(glucose, 45, null).flag).toBe('critical');
  });
  it('uses the interval of the patient’s sex where it differs', () => {
    const ferritin = known('ferritin');
    expect(flagsFor(ferritin, 200, 'male').flag).toBe('normal');
    expect(flagsFor(ferritin, 200, 'female').flag).toBe('abnormal');
  });
  it('takes the worst marker for the order', () => {
    expect(worstFlag(['normal', 'abnormal', 'normal'])).toBe('abnormal');
    expect(worstFlag(['abnormal', 'critical'])).toBe('critical');
    expect(worstFlag([])).toBe('normal');
  });
  it('prints open ranges as labs do', () => {
    expect(referenceRangeText(70, 99, 0)).toBe('70-99');
    expect(referenceRangeText(null, 99, 0)).toBe('<100');
    expect(referenceRangeText(40, null, 0)).toBe('>39');
    expect(referenceRangeText(null, 2.9, 1)).toBe('<3.0');
  });
});

describe('generated results', () => {
  it('report real units and intervals, with panels expanded into their analytes', () => {
    const raw = generateResults(markersOf('metabolic-health-panel'), {}, ctx('p1', 'o1'));
    const bySlug = new Map(raw.results.map((r) => [r.slug, r]));
    expect(bySlug.get('glucose')).toMatchObject({ unit: 'mg/dL', reference_range: '70-99' });
    expect(bySlug.get('hemoglobin-a1c')).toMatchObject({ unit: '%', reference_range: '4.0-5.6' });
    expect(bySlug.get('ldl-cholesterol-calculated')).toMatchObject({ reference_range: '<100' });
    // The patient is a woman: HDL is low below 50 mg/dL for women, 40 for men.
    expect(bySlug.get('hdl-cholesterol')).toMatchObject({ reference_range: '>49' });
    expect(bySlug.has('alt')).toBe(true);
    // Glucose is in the test and in its metabolic panel: reported once.
    expect(raw.results.filter((r) => r.slug === 'glucose')).toHaveLength(1);
    expect(raw.results.every((r) => r.type === 'numeric')).toBe(true);
  });

  it('honour the requested interpretation, with flags and the order consistent', () => {
    const targets: ResultTarget[] = ['normal', 'abnormal', 'critical'];
    for (const slug of LAB_TESTS.map((t) => t.slug)) {
      for (let n = 0; n < 40; n++) {
        for (const target of targets) {
          const raw = generateResults(markersOf(slug), {}, ctx(`p${n}`, `o${n}`), target);
          const flags = raw.results.map((r) => r.interpretation);
          expect(raw.metadata.interpretation, `${slug} ${n} ${target}`).toBe(target);
          expect(worstFlag(flags)).toBe(target);
          for (const r of raw.results) {
            const a = known(r.slug);
            const f = flagsFor(a, numeric(r), 'female');
            expect(r.interpretation).toBe(f.flag);
            expect(r.is_above_max_range).toBe(f.above);
            expect(r.is_below_min_range).toBe(f.below);
            expect(numeric(r)).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it('keep a patient’s values close across orders and apart from other patients', () => {
    const ldl = (patient: string, order: string, at: string) =>
      numeric(
        generateResults(
          markersOf('heart-health-panel'),
          {},
          ctx(patient, order, at),
          'natural',
        ).results.find((r) => r.slug === 'ldl-cholesterol-calculated') ?? { value: NaN },
      );
    const withinPatient: number[] = [];
    const betweenPatients: number[] = [];
    for (let n = 0; n < 60; n++) {
      const first = ldl(`patient-${n}`, `a-${n}`, '2026-01-10T09:00:00Z');
      const second = ldl(`patient-${n}`, `b-${n}`, '2026-04-10T09:00:00Z');
      const other = ldl(`patient-${n + 1000}`, `c-${n}`, '2026-04-10T09:00:00Z');
      withinPatient.push(Math.abs(first - second));
      betweenPatients.push(Math.abs(first - other));
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(withinPatient)).toBeLessThan(mean(betweenPatients) / 2);
  });

  it('leave most results in range when the values fall as they come', () => {
    let outOfRange = 0;
    let total = 0;
    for (let n = 0; n < 100; n++) {
      const raw = generateResults(
        markersOf('metabolic-health-panel'),
        {},
        ctx(`q${n}`, `r${n}`),
        'natural',
      );
      for (const r of raw.results) {
        total++;
        if (r.interpretation !== 'normal') outOfRange++;
      }
    }
    // A few in a hundred analytes out of range, as in a general adult population.
    expect(outOfRange / total).toBeGreaterThan(0.01);
    expect(outOfRange / total).toBeLessThan(0.15);
  });

  it('report partial results as the first half, and corrected ones as such', () => {
    const markers = markersOf('heart-health-panel');
    const full = generateResults(markers, {}, ctx('p', 'o'));
    const partial = generateResults(markers, {}, { ...ctx('p', 'o'), status: 'partial' });
    expect(partial.results.map((r) => r.slug)).toEqual(
      full.results.slice(0, Math.ceil(full.results.length / 2)).map((r) => r.slug),
    );
    const corrected = generateResults(markers, {}, { ...ctx('p', 'o'), corrected: true });
    expect(corrected.results.every((r) => r.notes === 'Corrected report')).toBe(true);
  });
});
