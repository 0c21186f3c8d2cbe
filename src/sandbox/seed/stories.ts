import { PATIENTS } from './patients';

/*
 * The patients whose results are not simply "a healthy person on an ordinary day": each has a
 * condition that sets the usual level of a few analytes, and at most one acute event, a value
 * called to the clinician, on the latest resulted order that reports that analyte. A critical
 * value in the demo therefore always has a reason a clinician can read off the patient's other
 * results (a diabetic on insulin with a low glucose, kidney disease with a high potassium).
 * Everyone else's values come from personal set points (lifecycle/analyteValues.ts).
 */

export interface Level {
  /** The patient's usual value, in the analyte's unit. */
  level: number;
  /** Draw-to-draw variation (biological and analytical), one standard deviation. */
  sd: number;
}

export interface Story {
  clientUserId: string;
  condition: string;
  /** Usual levels of the analytes the condition moves. */
  levels: Readonly<Record<string, Level>>;
  /**
   * Diabetes: the A1c the patient sits around, and whether insulin makes lows likely. The
   * glucose monitor's mean follows this A1c (GMI, below), so the two agree.
   */
  diabetes?: { a1c: number; insulin: boolean };
  /** The value called to the clinician on the latest resulted order that reports `slug`. */
  acute?: { slug: string; value: number; reason: string };
  /** Body composition: weight (kg) and body fat (fraction), for the scale's readings. */
  body?: { weight: number; fat: number };
  /** Obstructive sleep apnoea: more breathing events and oxygen dips at night. */
  sleepApnea?: boolean;
  /** Resting heart rate (bpm), where the condition sets it. */
  restingHeartRate?: number;
}

const STORIES: readonly Story[] = [
  {
    clientUserId: 'demo-patient-004',
    condition:
      'Type 2 diabetes on basal-bolus insulin, obese, obstructive sleep apnoea; A1c around 8 %, ' +
      'improving slowly; a fasting draw after an overnight low reads 46 mg/dL.',
    levels: {
      triglycerides: { level: 210, sd: 30 },
      'hdl-cholesterol': { level: 36, sd: 3 },
      'ldl-cholesterol-calculated': { level: 92, sd: 8 },
      creatinine: { level: 1.12, sd: 0.06 },
      alt: { level: 48, sd: 6 },
    },
    diabetes: { a1c: 8.1, insulin: true },
    acute: {
      slug: 'glucose',
      value: 46,
      reason: 'hypoglycaemia after the evening insulin dose, before breakfast',
    },
    body: { weight: 114, fat: 0.35 },
    sleepApnea: true,
    restingHeartRate: 78,
  },
  {
    clientUserId: 'demo-patient-027',
    condition:
      'Type 2 diabetes, diet and metformin, A1c steady near 6.8 %; no hypoglycaemia on metformin.',
    levels: {
      triglycerides: { level: 175, sd: 25 },
      'hdl-cholesterol': { level: 41, sd: 3 },
    },
    diabetes: { a1c: 6.8, insulin: false },
    body: { weight: 98, fat: 0.29 },
    restingHeartRate: 72,
  },
  {
    clientUserId: 'demo-patient-010',
    condition:
      'Chronic kidney disease stage 3b on an ACE inhibitor and spironolactone: creatinine near ' +
      '1.8 mg/dL, potassium high-normal to high; one draw reads potassium 6.6 mmol/L.',
    levels: {
      creatinine: { level: 1.78, sd: 0.08 },
      'urea-nitrogen-bun': { level: 36, sd: 3 },
      potassium: { level: 5.3, sd: 0.18 },
      'carbon-dioxide-total': { level: 21, sd: 1 },
      calcium: { level: 8.9, sd: 0.2 },
      albumin: { level: 3.8, sd: 0.15 },
    },
    acute: {
      slug: 'potassium',
      value: 6.6,
      reason: 'hyperkalaemia in kidney disease on an ACE inhibitor and spironolactone',
    },
  },
  {
    clientUserId: 'demo-patient-017',
    condition:
      'Familial hypertriglyceridaemia: triglycerides 500–800 mg/dL, so LDL cannot be ' +
      'calculated; one draw after a holiday reads 1,240 mg/dL (pancreatitis risk).',
    levels: {
      triglycerides: { level: 640, sd: 70 },
      'hdl-cholesterol': { level: 33, sd: 3 },
      'ldl-cholesterol-calculated': { level: 105, sd: 10 },
      glucose: { level: 104, sd: 6 },
    },
    acute: {
      slug: 'triglycerides',
      value: 1240,
      reason: 'severe hypertriglyceridaemia, a risk of acute pancreatitis',
    },
    body: { weight: 101, fat: 0.3 },
  },
  {
    clientUserId: 'demo-patient-022',
    condition:
      'Hypertension on a thiazide diuretic: sodium low-normal; one draw reads sodium 118 mmol/L.',
    levels: {
      sodium: { level: 135, sd: 1.2 },
      potassium: { level: 3.6, sd: 0.15 },
    },
    acute: {
      slug: 'sodium',
      value: 118,
      reason: 'thiazide-induced hyponatraemia',
    },
  },
  {
    clientUserId: 'demo-patient-025',
    condition: 'Subclinical hypothyroidism at 73: TSH mildly high, free T4 normal.',
    levels: {
      tsh: { level: 7.2, sd: 0.7 },
      'free-t4': { level: 0.98, sd: 0.06 },
      creatinine: { level: 1.18, sd: 0.05 },
    },
  },
  {
    clientUserId: 'demo-patient-001',
    condition: 'Familial hypercholesterolaemia, untreated: LDL around 165 mg/dL, steady.',
    levels: {
      'ldl-cholesterol-calculated': { level: 165, sd: 9 },
      'hdl-cholesterol': { level: 58, sd: 4 },
      triglycerides: { level: 110, sd: 15 },
    },
  },
];

const ID_BY_CLIENT = new Map(PATIENTS.map((p) => [p.client_user_id, p.id]));

const BY_USER_ID = new Map(
  STORIES.flatMap((story) => {
    const id = ID_BY_CLIENT.get(story.clientUserId);
    return id ? [[id, story] as const] : [];
  }),
);

/** The story of a patient (by Lab API user id), if they have one. */
export function storyOf(userId: string): Story | undefined {
  return BY_USER_ID.get(userId);
}

export const ALL_STORIES = STORIES;

const DAY = 86_400_000;
const EPOCH = Date.UTC(2024, 0, 1);

/**
 * The A1c a diabetic patient sits at on a day: a slow wave of ±0.4 points over ten months
 * (treatment changes, seasons), so it moves at most about half a point in 60 days, as an
 * average of three months of glucose does.
 */
export function a1cOn(diabetes: NonNullable<Story['diabetes']>, at: number): number {
  return diabetes.a1c + 0.4 * Math.sin((2 * Math.PI * (at - EPOCH)) / (300 * DAY));
}

/**
 * Mean glucose (mg/dL) for an A1c, by the glucose management indicator
 * (GMI % = 3.31 + 0.02392 × mean mg/dL; Bergenstal et al., Diabetes Care 2018).
 */
export function meanGlucoseForA1c(a1c: number): number {
  return (a1c - 3.31) / 0.02392;
}
