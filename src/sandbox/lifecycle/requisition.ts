import { specimenOf, type Specimen } from '../seed/specimens';
import type { LabTestResponse } from '../store/labTests';
import type { OrderDocument } from '../store/orderDocument';
import type { OrderAnswers } from '../store/orderAnswers';

/*
 * The requisition as a lab and a phlebotomist read it: who the patient is (two
 * identifiers), who ordered, what to draw into which tube, the answers to the lab's
 * questions and the consents, all in words rather than the API's codes.
 */

const METHODS: Record<string, string> = {
  testkit: 'Test kit mailed to the patient',
  walk_in_test: 'Walk-in at a patient service centre',
  at_home_phlebotomy: 'At-home draw by a mobile phlebotomist',
  on_site_collection: 'On-site collection by the ordering team',
};
const BILLING: Record<string, string> = {
  client_bill: 'Client bill (the ordering organisation pays)',
  commercial_insurance: 'Commercial insurance',
  patient_bill_passthrough: 'Patient bill, through the ordering organisation',
  patient_bill: 'Patient bill',
};
const CONSENTS: Record<string, string> = {
  'terms-of-use': 'Terms of use',
  'telehealth-informed-consent': 'Telehealth informed consent',
  'mobile-terms-and-conditions': 'Mobile terms and conditions',
  'notice-of-privacy-practices': 'Notice of privacy practices',
  'privacy-policy': 'Privacy policy',
  'hipaa-authorization': 'HIPAA authorization',
};
const SEXES: Record<string, string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  unknown: 'Unknown',
};

/** A code nobody mapped yet still reads as words, never as `snake_case`. */
function words(map: Record<string, string>, code: string | null | undefined): string {
  if (!code) return 'Not given';
  return map[code] ?? (code.charAt(0).toUpperCase() + code.slice(1)).replace(/[_-]+/g, ' ');
}

export const methodInWords = (method: string) => words(METHODS, method);
export const billingInWords = (billing: string) => words(BILLING, billing);
export const sexInWords = (gender: string | null | undefined) => words(SEXES, gender);

/** "1988-09-09 (09/09/1988)": the ISO date and the US form a US lab reads. */
export function dateOfBirth(dob: string): string {
  const [year, month, day] = dob.slice(0, 10).split('-');
  return `${dob.slice(0, 10)} (${month ?? ''}/${day ?? ''}/${year ?? ''})`;
}

/** The patient's two identifiers and sex, or why there are none yet. */
export function patientIdentifiers(doc: OrderDocument): string[] {
  const patient = doc.patient_details;
  if (!patient) return ['Patient: not registered yet'];
  return [
    `Patient name: ${patient.last_name}, ${patient.first_name}`,
    `Date of birth: ${dateOfBirth(patient.dob)}    Sex: ${sexInWords(patient.gender)}`,
  ];
}

interface QuestionLike {
  id?: unknown;
  value?: unknown;
  answers?: { code?: unknown; value?: unknown }[];
}
interface MarkerLike {
  id?: number;
  name?: string;
  slug?: string;
  provider_id?: string | null;
  aoe?: { questions?: QuestionLike[] } | null;
}

const markersOf = (test: LabTestResponse | undefined) =>
  (test?.markers ?? []) as unknown as MarkerLike[];

/** Each marker's specimen and tube on this lab test. */
export function specimensOf(
  test: LabTestResponse | undefined,
): { name: string; code: string; specimen: Specimen }[] {
  return markersOf(test).map((marker) => ({
    name: marker.name ?? '',
    code: marker.provider_id ?? String(marker.id ?? ''),
    specimen: specimenOf(marker, test?.sample_type),
  }));
}

/** The distinct tubes (or devices) the lab test needs, in the order its markers name them. */
export function tubesOf(test: LabTestResponse | undefined): string[] {
  return [
    ...new Set(specimensOf(test).map((s) => `${s.specimen.specimen}, ${s.specimen.container}`)),
  ];
}

function answerLines(test: LabTestResponse | undefined, answers: OrderAnswers): string[] {
  const markers = markersOf(test);
  return answers.aoeAnswers.map((given) => {
    const marker = markers.find((m) => m.id === given.marker_id);
    const question = marker?.aoe?.questions?.find((q) => q.id === given.question_id);
    const chosen = question?.answers?.find((a) => a.code === given.answer);
    const asked =
      typeof question?.value === 'string' ? question.value : `Question ${given.question_id}`;
    const answer = typeof chosen?.value === 'string' ? chosen.value : given.answer;
    const about = marker?.name ? ` (${marker.name})` : '';
    return `${asked} ${answer}${about}`;
  });
}

function consentLines(answers: OrderAnswers): string[] {
  return answers.consents.map((consent) => {
    const when = consent.timeOfConsent
      ? `, given ${consent.timeOfConsent.slice(0, 16).replace('T', ' ')} UTC`
      : '';
    return `${words(CONSENTS, consent.consentType)}, version ${consent.version ?? '1.0'}${when}`;
  });
}

function proxyLines(doc: OrderDocument): string[] {
  const proxy = doc.patient_details?.medical_proxy;
  if (!proxy) return [];
  const name = [proxy.first_name, proxy.last_name].filter((p) => typeof p === 'string').join(' ');
  const relationship = typeof proxy.relationship === 'string' ? ` (${proxy.relationship})` : '';
  return [`Guardian / medical proxy: ${name}${relationship}`];
}

export function requisitionLines(
  doc: OrderDocument,
  method: string,
  test: LabTestResponse | undefined,
  answers: OrderAnswers,
): string[] {
  const lab = test?.lab && typeof test.lab.name === 'string' ? test.lab.name : 'Not given';
  const physician = doc.physician
    ? `${doc.physician.first_name} ${doc.physician.last_name}, NPI ${doc.physician.npi}`
    : 'Not given';
  const specimens = specimensOf(test);
  const answered = answerLines(test, answers);
  const consents = consentLines(answers);
  return [
    `Order ${doc.id}`,
    `Sample ID: ${doc.sample_id ?? 'Not assigned yet'}`,
    ...patientIdentifiers(doc),
    ...proxyLines(doc),
    `Ordering physician: ${physician}`,
    `Performing lab: ${lab}`,
    `Collection method: ${methodInWords(method)}`,
    `Billing: ${billingInWords(doc.billing_type)}`,
    `Priority: ${doc.priority ? 'Urgent' : 'Routine'}`,
    `Fasting: ${test?.fasting === true ? 'Required, 8 hours, water only' : 'Not required'}`,
    '',
    `Tests: ${typeof test?.name === 'string' ? test.name : 'Not given'}`,
    ...specimens.map(
      (s) => `- ${s.name}, code ${s.code}: ${s.specimen.specimen}, ${s.specimen.container}`,
    ),
    '',
    'Tubes to collect:',
    ...tubesOf(test).map((tube) => `- ${tube}`),
    '',
    "Answers to the lab's questions:",
    ...(answered.length > 0 ? answered.map((line) => `- ${line}`) : ['- None asked']),
    '',
    'Consents:',
    ...(consents.length > 0 ? consents.map((line) => `- ${line}`) : ['- None recorded']),
    '',
    `Diagnosis codes (ICD-10): ${(doc.icd_codes ?? []).join(', ') || 'None'}`,
    `Clinical notes: ${doc.clinical_notes ?? 'None'}`,
  ];
}
