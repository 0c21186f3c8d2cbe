import type { FastifyInstance } from 'fastify';
import { LAB_ACCOUNTS, LAB_TESTS, PATIENTS } from '../seed';
import { TEST_KEY } from './helper';

/* Requests the ordering tests build on: a valid walk-in order for a seeded patient. */

export const byMethod = (method: string) => {
  const test = LAB_TESTS.find((t) => t.method === method);
  if (!test) throw new Error(`no seeded ${method} test`);
  return test;
};
export const account = (lab: string) => {
  const found = LAB_ACCOUNTS.find((a) => a.lab === lab);
  if (!found) throw new Error(`no seeded ${lab} account`);
  return found;
};
export const ADULT = PATIENTS[5] ?? PATIENTS[0];
export const MINOR = PATIENTS.find((p) => p.medical_proxy);

export function validOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: ADULT?.id,
    order_set: { lab_test_ids: [byMethod('walk_in_test').id] },
    lab_account_id: account('quest').id,
    collection_method: 'walk_in_test',
    patient_details: {
      first_name: 'Priya',
      last_name: 'Raman-Oakes',
      dob: '1988-09-09',
      gender: 'female',
      phone_number: '+1 512 555 0105',
      email: 'priya@example.com',
    },
    patient_address: {
      first_line: '4501 Cedar Hollow Rd',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'United States',
    },
    // Glucose (101) and the lipid panel (103) ask whether the patient has fasted.
    aoe_answers: [
      { marker_id: 101, question_id: 9101, answer: 'Y' },
      { marker_id: 103, question_id: 9103, answer: 'Y' },
    ],
    ...overrides,
  };
}

export async function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'x-service-api-key': TEST_KEY, ...headers },
  });
  return {
    status: response.statusCode,
    body: response.json<Record<string, unknown>>(),
    headers: response.headers,
  };
}

export async function del(app: FastifyInstance, url: string) {
  const response = await app.inject({
    method: 'DELETE',
    url,
    headers: { 'x-service-api-key': TEST_KEY },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** The 422 `loc`s (without 'body') and messages, as `path → msg`. */
export function locs(body: unknown): Record<string, string> {
  const detail = (body as { detail: { loc: (string | number)[]; msg: string }[] }).detail;
  return Object.fromEntries(detail.map((d) => [d.loc.slice(1).join('.'), d.msg]));
}
