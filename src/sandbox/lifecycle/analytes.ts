/*
 * What the local Lab API knows about each analyte it reports: unit, adult reference
 * interval, critical limits and how values spread in people. Intervals are the common
 * US adult ones (a real lab's differ slightly by method); critical limits follow the
 * usual call-the-clinician lists. LOINC codes are the real ones where we are sure of
 * them and null otherwise: a wrong code is worse than none.
 */

export type Sex = 'female' | 'male';

export interface Analyte {
  slug: string;
  name: string;
  unit: string;
  loinc: string | null;
  /** Reference interval; null means open on that side (LDL `<100`, HDL `>39`). */
  low: number | null;
  high: number | null;
  criticalLow?: number;
  criticalHigh?: number;
  /** Population centre and spread; `log` spreads multiplicatively (right-skewed analytes). */
  center: number;
  spread: number;
  log?: boolean;
  decimals: number;
  /** Sex-specific interval and centre, where they differ materially. */
  bySex?: Partial<Record<Sex, Pick<Analyte, 'low' | 'high' | 'center'>>>;
  /**
   * The interval of an adolescent (12–17), where it differs from the adult one: bone growth
   * raises alkaline phosphatase, smaller muscle mass lowers creatinine, and lipids are read
   * against the paediatric cut-offs (NHLBI 2011: TC <170, LDL <110, HDL >45, TG <90).
   */
  adolescent?: Pick<Analyte, 'low' | 'high' | 'center'>;
  /** A value that can change within hours and is called to the clinician (not a slow marker). */
  acute?: boolean;
}

function analyte(a: Analyte): Analyte {
  return a;
}

export const ANALYTES: readonly Analyte[] = [
  analyte({
    slug: 'glucose',
    name: 'Glucose',
    unit: 'mg/dL',
    loinc: '2345-7',
    low: 70,
    high: 99,
    criticalLow: 50,
    criticalHigh: 400,
    center: 90,
    spread: 9,
    decimals: 0,
    acute: true,
  }),
  analyte({
    slug: 'hemoglobin-a1c',
    name: 'Hemoglobin A1c',
    unit: '%',
    loinc: '4548-4',
    low: 4.0,
    high: 5.6,
    criticalHigh: 14,
    center: 5.2,
    spread: 0.35,
    decimals: 1,
  }),
  analyte({
    slug: 'cholesterol-total',
    name: 'Cholesterol, Total',
    unit: 'mg/dL',
    loinc: '2093-3',
    low: null,
    high: 199,
    center: 180,
    spread: 30,
    decimals: 0,
    adolescent: { low: null, high: 169, center: 150 },
  }),
  analyte({
    slug: 'hdl-cholesterol',
    name: 'HDL Cholesterol',
    unit: 'mg/dL',
    loinc: '2085-9',
    low: 40,
    high: null,
    center: 56,
    spread: 12,
    decimals: 0,
    bySex: { female: { low: 50, high: null, center: 64 } },
    adolescent: { low: 46, high: null, center: 55 },
  }),
  analyte({
    slug: 'ldl-cholesterol-calculated',
    name: 'LDL Cholesterol (calculated)',
    unit: 'mg/dL',
    loinc: '13457-7',
    low: null,
    high: 99,
    center: 95,
    spread: 25,
    decimals: 0,
    adolescent: { low: null, high: 109, center: 88 },
  }),
  analyte({
    slug: 'triglycerides',
    name: 'Triglycerides',
    unit: 'mg/dL',
    loinc: '2571-8',
    low: null,
    high: 149,
    criticalHigh: 1000,
    center: 105,
    spread: 0.3,
    log: true,
    decimals: 0,
    adolescent: { low: null, high: 89, center: 68 },
  }),
  analyte({
    slug: 'tsh',
    name: 'TSH',
    unit: 'mIU/L',
    loinc: '3016-3',
    low: 0.4,
    high: 4.0,
    criticalLow: 0.01,
    criticalHigh: 50,
    center: 1.6,
    spread: 0.35,
    log: true,
    decimals: 2,
  }),
  analyte({
    slug: 'free-t4',
    name: 'Free T4',
    unit: 'ng/dL',
    loinc: '3024-7',
    low: 0.8,
    high: 1.8,
    criticalLow: 0.2,
    criticalHigh: 5,
    center: 1.25,
    spread: 0.18,
    decimals: 2,
  }),
  analyte({
    slug: 'vitamin-d-25-hydroxy',
    name: 'Vitamin D, 25-Hydroxy',
    unit: 'ng/mL',
    loinc: '62292-8',
    low: 30,
    high: 100,
    criticalLow: 5,
    criticalHigh: 150,
    center: 36,
    spread: 9,
    decimals: 1,
  }),
  analyte({
    slug: 'testosterone-total',
    name: 'Testosterone, Total',
    unit: 'ng/dL',
    loinc: '2986-8',
    low: 264,
    high: 916,
    center: 520,
    spread: 0.28,
    log: true,
    decimals: 0,
    bySex: { female: { low: 8, high: 48, center: 25 } },
  }),
  analyte({
    slug: 'psa-total',
    name: 'PSA, Total',
    unit: 'ng/mL',
    loinc: '2857-1',
    low: 0,
    high: 4.0,
    center: 1.0,
    spread: 0.55,
    log: true,
    decimals: 2,
  }),
  analyte({
    slug: 'ferritin',
    name: 'Ferritin',
    unit: 'ng/mL',
    loinc: '2276-4',
    low: 30,
    high: 400,
    center: 120,
    spread: 0.45,
    log: true,
    decimals: 0,
    bySex: { female: { low: 15, high: 150, center: 55 } },
  }),
  analyte({
    slug: 'lead-blood',
    name: 'Lead, Blood',
    unit: 'ug/dL',
    loinc: '5671-3',
    low: null,
    high: 3.4,
    criticalHigh: 45,
    center: 0.9,
    spread: 0.45,
    log: true,
    decimals: 1,
  }),
  analyte({
    slug: 'cortisol-saliva',
    name: 'Cortisol, Saliva',
    unit: 'ug/dL',
    loinc: null,
    low: 0.09,
    high: 0.74,
    center: 0.3,
    spread: 0.35,
    log: true,
    decimals: 2,
  }),
  analyte({
    slug: 'c-reactive-protein-high-sensitivity',
    name: 'C-Reactive Protein, High Sensitivity',
    unit: 'mg/L',
    loinc: '30522-7',
    low: null,
    high: 2.9,
    center: 1.1,
    spread: 0.6,
    log: true,
    decimals: 1,
  }),
  analyte({
    slug: 'urea-nitrogen-bun',
    name: 'Urea Nitrogen (BUN)',
    unit: 'mg/dL',
    loinc: '3094-0',
    low: 6,
    high: 20,
    criticalHigh: 100,
    center: 13,
    spread: 3,
    decimals: 0,
  }),
  analyte({
    slug: 'creatinine',
    name: 'Creatinine',
    unit: 'mg/dL',
    loinc: '2160-0',
    low: 0.74,
    high: 1.35,
    criticalHigh: 7.4,
    center: 1.0,
    spread: 0.13,
    decimals: 2,
    bySex: { female: { low: 0.59, high: 1.04, center: 0.8 } },
    adolescent: { low: 0.4, high: 0.86, center: 0.62 },
  }),
  analyte({
    slug: 'sodium',
    name: 'Sodium',
    unit: 'mmol/L',
    loinc: '2951-2',
    low: 135,
    high: 145,
    criticalLow: 120,
    criticalHigh: 160,
    center: 140,
    spread: 2,
    decimals: 0,
    acute: true,
  }),
  analyte({
    slug: 'potassium',
    name: 'Potassium',
    unit: 'mmol/L',
    loinc: '2823-3',
    low: 3.5,
    high: 5.1,
    criticalLow: 2.8,
    criticalHigh: 6.2,
    center: 4.2,
    spread: 0.3,
    decimals: 1,
    acute: true,
  }),
  analyte({
    slug: 'chloride',
    name: 'Chloride',
    unit: 'mmol/L',
    loinc: '2075-0',
    low: 98,
    high: 107,
    center: 102,
    spread: 2,
    decimals: 0,
  }),
  analyte({
    slug: 'carbon-dioxide-total',
    name: 'Carbon Dioxide, Total',
    unit: 'mmol/L',
    loinc: '2028-9',
    low: 22,
    high: 29,
    criticalLow: 10,
    criticalHigh: 40,
    center: 25,
    spread: 1.7,
    decimals: 0,
    acute: true,
  }),
  analyte({
    slug: 'calcium',
    name: 'Calcium',
    unit: 'mg/dL',
    loinc: '17861-6',
    low: 8.6,
    high: 10.3,
    criticalLow: 6.5,
    criticalHigh: 13,
    center: 9.5,
    spread: 0.4,
    decimals: 1,
    acute: true,
  }),
  analyte({
    slug: 'protein-total',
    name: 'Protein, Total',
    unit: 'g/dL',
    loinc: '2885-2',
    low: 6.0,
    high: 8.3,
    center: 7.1,
    spread: 0.45,
    decimals: 1,
  }),
  analyte({
    slug: 'albumin',
    name: 'Albumin',
    unit: 'g/dL',
    loinc: '1751-7',
    low: 3.5,
    high: 5.2,
    center: 4.4,
    spread: 0.3,
    decimals: 1,
  }),
  analyte({
    slug: 'bilirubin-total',
    name: 'Bilirubin, Total',
    unit: 'mg/dL',
    loinc: '1975-2',
    low: 0.1,
    high: 1.2,
    criticalHigh: 15,
    center: 0.55,
    spread: 0.35,
    log: true,
    decimals: 1,
  }),
  analyte({
    slug: 'alkaline-phosphatase',
    name: 'Alkaline Phosphatase',
    unit: 'U/L',
    loinc: '6768-6',
    low: 44,
    high: 147,
    center: 80,
    spread: 0.25,
    log: true,
    decimals: 0,
    adolescent: { low: 62, high: 280, center: 150 },
  }),
  analyte({
    slug: 'alt',
    name: 'ALT',
    unit: 'U/L',
    loinc: '1742-6',
    low: 7,
    high: 56,
    criticalHigh: 1000,
    center: 24,
    spread: 0.35,
    log: true,
    decimals: 0,
    adolescent: { low: 7, high: 25, center: 14 },
  }),
  analyte({
    slug: 'ast',
    name: 'AST',
    unit: 'U/L',
    loinc: '1920-8',
    low: 10,
    high: 40,
    criticalHigh: 1000,
    center: 22,
    spread: 0.3,
    log: true,
    decimals: 0,
  }),
];

/** What a panel marker reports: its member analytes, in the lab's report order. */
export const PANELS: Readonly<Record<string, readonly string[]>> = {
  'lipid-panel': [
    'cholesterol-total',
    'hdl-cholesterol',
    'ldl-cholesterol-calculated',
    'triglycerides',
  ],
  'comprehensive-metabolic-panel': [
    'glucose',
    'urea-nitrogen-bun',
    'creatinine',
    'sodium',
    'potassium',
    'chloride',
    'carbon-dioxide-total',
    'calcium',
    'protein-total',
    'albumin',
    'bilirubin-total',
    'alkaline-phosphatase',
    'alt',
    'ast',
  ],
};

const BY_SLUG = new Map(ANALYTES.map((a) => [a.slug, a]));

export function analyteBySlug(slug: string): Analyte | undefined {
  return BY_SLUG.get(slug);
}

/** The interval and centre that apply to a patient of this sex and age (years, when known). */
export function intervalFor(
  a: Analyte,
  sex: Sex | null,
  age: number | null = null,
): Pick<Analyte, 'low' | 'high' | 'center'> {
  if (age !== null && age < 18 && a.adolescent) return a.adolescent;
  const specific = sex ? a.bySex?.[sex] : undefined;
  return specific ?? { low: a.low, high: a.high, center: a.center };
}

/**
 * The reference range as a lab prints it: `70-99`, `<100`, `>39`. An open side is
 * printed one reporting step beyond the last normal value (LDL 99 normal → `<100`).
 */
export function referenceRangeText(
  low: number | null,
  high: number | null,
  decimals: number,
): string {
  const step = 10 ** -decimals;
  const fixed = (n: number) => n.toFixed(decimals);
  if (low !== null && high !== null) return `${fixed(low)}-${fixed(high)}`;
  if (high !== null) return `<${fixed(high + step)}`;
  if (low !== null) return `>${fixed(low - step)}`;
  return '';
}
