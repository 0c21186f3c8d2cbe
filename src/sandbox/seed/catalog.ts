import type { CollectionMethod } from '../../contract';
import { uuidFrom } from './random';

/*
 * The team's catalogue: three labs with markers, the four starter lab tests a new
 * sandbox team gets (one per collection method, docs/lab-api-facts.md §5) and the lab accounts.
 * Provider codes, account numbers and prices are made up.
 */

export const DEMO_TEAM_ID = uuidFrom('team:demo');
export const DEMO_TEAM_NAME = 'Northside Care Demo Team';

export interface SeedLab {
  id: number;
  slug: string;
  name: string;
  first_line_address: string;
  city: string;
  zipcode: string;
  collection_methods: CollectionMethod[];
  sample_types: string[];
  logo_url: string | null;
}

export const LABS: SeedLab[] = [
  {
    id: 1,
    slug: 'quest',
    name: 'Quest Diagnostics',
    first_line_address: '500 Plaza Drive',
    city: 'Secaucus',
    zipcode: '07094',
    collection_methods: ['walk_in_test', 'at_home_phlebotomy'],
    sample_types: ['serum', 'urine'],
    logo_url: null,
  },
  {
    id: 2,
    slug: 'labcorp',
    name: 'Labcorp',
    first_line_address: '531 South Spring Street',
    city: 'Burlington',
    zipcode: '27215',
    collection_methods: ['walk_in_test', 'at_home_phlebotomy', 'on_site_collection'],
    sample_types: ['serum', 'urine'],
    logo_url: null,
  },
  {
    id: 3,
    slug: 'bioreference',
    name: 'BioReference Health',
    first_line_address: '481 Edward H Ross Drive',
    city: 'Elmwood Park',
    zipcode: '07407',
    collection_methods: ['testkit', 'on_site_collection'],
    sample_types: ['dried_blood_spot', 'serum', 'saliva'],
    logo_url: null,
  },
];

interface AoeQuestion {
  id: number;
  required: boolean;
  code: string;
  value: string;
  type: string;
  sequence: number;
  answers: { id: number; code: string; value: string }[];
  constraint: string | null;
  default: string | null;
}

export interface SeedMarker {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  lab_id: number;
  provider_id: string;
  type: 'biomarker' | 'panel';
  unit: string | null;
  price: string;
  aoe: { questions: AoeQuestion[] } | null;
  a_la_carte_enabled: boolean;
  common_tat_days: number;
  worst_case_tat_days: number;
  is_orderable: boolean;
  expected_results: unknown[];
}

const fastingQuestion = (id: number): AoeQuestion => ({
  id,
  required: true,
  code: 'FASTING',
  value: 'Has the patient been fasting for at least 8 hours?',
  type: 'choice',
  sequence: 1,
  answers: [
    { id: id * 10 + 1, code: 'Y', value: 'Yes' },
    { id: id * 10 + 2, code: 'N', value: 'No' },
  ],
  constraint: null,
  default: null,
});

const collectionTimeQuestion = (id: number): AoeQuestion => ({
  id,
  required: true,
  code: 'COLLTIME',
  value: 'Time of saliva collection (HH:MM, 24 h)',
  type: 'text',
  sequence: 1,
  answers: [],
  constraint: '^\\d{2}:\\d{2}$',
  default: null,
});

function marker(
  id: number,
  labId: number,
  name: string,
  unit: string | null,
  price: string,
  extra: Partial<SeedMarker> = {},
): SeedMarker {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
  return {
    id,
    name,
    slug,
    description: null,
    lab_id: labId,
    provider_id: String(10_000 + id * 7),
    type: 'biomarker',
    unit,
    price,
    aoe: null,
    a_la_carte_enabled: true,
    common_tat_days: 3,
    worst_case_tat_days: 7,
    is_orderable: true,
    expected_results: [],
    ...extra,
  };
}

export const MARKERS: SeedMarker[] = [
  marker(101, 1, 'Glucose', 'mg/dL', '9.00', { aoe: { questions: [fastingQuestion(9101)] } }),
  marker(102, 1, 'Hemoglobin A1c', '%', '14.00'),
  marker(103, 1, 'Lipid Panel', null, '21.00', {
    type: 'panel',
    description: 'Total cholesterol, HDL, LDL (calculated) and triglycerides',
    aoe: { questions: [fastingQuestion(9103)] },
  }),
  marker(104, 1, 'TSH', 'mIU/L', '18.00'),
  marker(105, 1, 'Vitamin D, 25-Hydroxy', 'ng/mL', '39.00'),
  marker(106, 1, 'Comprehensive Metabolic Panel', null, '16.00', { type: 'panel' }),
  marker(107, 1, 'Testosterone, Total', 'ng/dL', '35.00'),
  marker(108, 1, 'PSA, Total', 'ng/mL', 'N/A', { a_la_carte_enabled: false }),
  marker(201, 2, 'Glucose', 'mg/dL', '8.00'),
  marker(202, 2, 'Hemoglobin A1c', '%', '13.00'),
  marker(203, 2, 'Cholesterol, Total', 'mg/dL', '7.00', {
    aoe: { questions: [fastingQuestion(9203)] },
  }),
  marker(204, 2, 'HDL Cholesterol', 'mg/dL', '9.00'),
  marker(205, 2, 'LDL Cholesterol (calculated)', 'mg/dL', '9.00'),
  marker(206, 2, 'Triglycerides', 'mg/dL', '8.00'),
  marker(207, 2, 'Ferritin', 'ng/mL', '19.00'),
  marker(208, 2, 'Lead, Blood', 'ug/dL', '24.00', {
    common_tat_days: 5,
    worst_case_tat_days: 10,
  }),
  marker(301, 3, 'Vitamin D, 25-Hydroxy', 'ng/mL', '29.00'),
  marker(302, 3, 'TSH', 'mIU/L', '15.00'),
  marker(303, 3, 'Free T4', 'ng/dL', '15.00'),
  marker(304, 3, 'Cortisol, Saliva', 'ug/dL', '32.00', {
    aoe: { questions: [collectionTimeQuestion(9304)] },
  }),
  marker(305, 3, 'Hemoglobin A1c', '%', '12.00'),
  marker(306, 3, 'C-Reactive Protein, High Sensitivity', 'mg/L', '17.00'),
];

export interface SeedLabTest {
  id: string;
  slug: string;
  name: string;
  description: string;
  sample_type: string;
  method: CollectionMethod;
  price: number;
  fasting: boolean;
  lab_id: number;
  marker_ids: number[];
  common_tat_days: number;
  worst_case_tat_days: number;
  has_collection_instructions: boolean;
}

/**
 * The four starter lab tests, one per collection method (docs/lab-api-facts.md §5). Each has
 * collection instructions (the document's `has_collection_instructions`, which
 * `GET /v3/lab_test/{id}/collection_instruction_pdf` follows): the patient or the staff have
 * something to do for each (fasting, a centre visit, a home visit, a kit, an on-site draw).
 * Only an order set generated for one order has none.
 */
export const LAB_TESTS: SeedLabTest[] = [
  {
    id: uuidFrom('lab_test:testkit'),
    slug: 'thyroid-vitamin-d-home-kit',
    name: 'Thyroid & Vitamin D Home Kit',
    description: 'Finger-prick kit mailed to the patient and returned to the lab.',
    sample_type: 'dried_blood_spot',
    method: 'testkit',
    price: 89,
    fasting: false,
    lab_id: 3,
    marker_ids: [301, 302, 303],
    common_tat_days: 7,
    worst_case_tat_days: 14,
    has_collection_instructions: true,
  },
  {
    id: uuidFrom('lab_test:walk_in_test'),
    slug: 'metabolic-health-panel',
    name: 'Metabolic Health Panel',
    description: 'Blood draw at a patient service center.',
    sample_type: 'serum',
    method: 'walk_in_test',
    price: 120,
    fasting: true,
    lab_id: 1,
    marker_ids: [101, 102, 103, 106],
    common_tat_days: 3,
    worst_case_tat_days: 7,
    has_collection_instructions: true,
  },
  {
    id: uuidFrom('lab_test:at_home_phlebotomy'),
    slug: 'heart-health-panel',
    name: 'Heart Health Panel',
    description: 'A phlebotomist draws blood at the patient’s home.',
    sample_type: 'serum',
    method: 'at_home_phlebotomy',
    price: 149,
    fasting: true,
    lab_id: 2,
    marker_ids: [202, 203, 204, 205, 206],
    common_tat_days: 4,
    worst_case_tat_days: 8,
    has_collection_instructions: true,
  },
  {
    id: uuidFrom('lab_test:on_site_collection'),
    slug: 'workplace-wellness-screen',
    name: 'Workplace Wellness Screen',
    description: 'Drawn by the team’s own staff on site and sent to the lab.',
    sample_type: 'serum',
    method: 'on_site_collection',
    price: 65,
    fasting: false,
    lab_id: 3,
    marker_ids: [305, 306],
    common_tat_days: 3,
    worst_case_tat_days: 6,
    has_collection_instructions: true,
  },
];

export interface SeedLabAccount {
  id: string;
  lab: string;
  org_id: string;
  status: string;
  delegated_flow: string;
  provider_account_id: string;
  account_name: string;
  default_clinical_notes: string | null;
  business_units: unknown[];
  allowed_billing: Record<string, string[]>;
  team_id_allowlist: string[];
}

const ORG_ID = uuidFrom('org:demo');
const ALL_STATES_BUT_NY_NJ_RI = ['AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'MA', 'OH', 'TX', 'WA', 'WI'];

export const LAB_ACCOUNTS: SeedLabAccount[] = [
  {
    id: uuidFrom('lab_account:labcorp'),
    lab: 'labcorp',
    org_id: ORG_ID,
    status: 'active',
    // Delegated: orders on this account must name the ordering physician.
    delegated_flow: 'order_delegated',
    provider_account_id: '31098762',
    account_name: 'Labcorp – Northside Clinic',
    default_clinical_notes: 'Please call the clinic for any critical value.',
    business_units: [],
    allowed_billing: {
      client_bill: ALL_STATES_BUT_NY_NJ_RI,
      commercial_insurance: ['AZ', 'CA', 'TX'],
    },
    team_id_allowlist: [DEMO_TEAM_ID],
  },
  {
    id: uuidFrom('lab_account:quest'),
    lab: 'quest',
    org_id: ORG_ID,
    status: 'active',
    delegated_flow: 'not_delegated',
    provider_account_id: '11457203',
    account_name: 'Quest – Junction platform',
    default_clinical_notes: null,
    business_units: [],
    allowed_billing: { client_bill: ALL_STATES_BUT_NY_NJ_RI },
    team_id_allowlist: [],
  },
  {
    id: uuidFrom('lab_account:bioreference'),
    lab: 'bioreference',
    org_id: ORG_ID,
    status: 'pending',
    delegated_flow: 'not_delegated',
    provider_account_id: '55012',
    account_name: 'BioReference – onboarding',
    default_clinical_notes: null,
    business_units: [],
    allowed_billing: { client_bill: ALL_STATES_BUT_NY_NJ_RI },
    team_id_allowlist: [],
  },
  {
    // BioReference's active account: the test kit and on-site tests are BioReference's, so
    // every collection method can be ordered on an active account (the pending one above
    // stays for imports). Listed after it, so a look-up by lab finds the pending one first.
    id: uuidFrom('lab_account:bioreference-active'),
    lab: 'bioreference',
    org_id: ORG_ID,
    status: 'active',
    delegated_flow: 'not_delegated',
    provider_account_id: '55377',
    account_name: 'BioReference – Northside Clinic',
    default_clinical_notes: null,
    business_units: [],
    allowed_billing: { client_bill: ALL_STATES_BUT_NY_NJ_RI },
    team_id_allowlist: [],
  },
];
