import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PATIENT_NAMES_PATH,
  PATIENT_SEARCH_PATH,
  patientNamesResponseSchema,
  patientSearchResponseSchema,
  userInfoSchema,
  userSchema,
} from '../contract';
import { validOrder } from '../sandbox/test/ordering';
import { accountEmail, startStack, type Stack } from './stack';

/*
 * Patients named by their demographics (UserInfo) through the real stack: the BFF's
 * allow-list and roles, the local Lab API's routes, and the audit trail.
 */

let stack: Stack;
let coordinator: string;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  stack = await startStack();
  coordinator = await stack.signIn('coordinator');
});
afterAll(() => stack.close());

async function createPatient(clientUserId: string): Promise<string> {
  const created = await stack.request(coordinator, 'POST', '/api/lab/v2/user', {
    headers: json,
    body: JSON.stringify({ client_user_id: clientUserId }),
  });
  return userSchema.parse(created.json()).user_id;
}

const DETAILS = {
  first_name: 'Odile',
  last_name: 'Fairweather',
  email: 'odile@example.com',
  phone_number: '+1 512 555 0177',
  gender: 'female',
  dob: '1979-02-14',
  address: {
    first_line: '9 Elm Row',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
  },
};

async function auditOf(recordId: string) {
  return stack.store.db
    .selectFrom('audit_event')
    .select(['account_email', 'action', 'outcome'])
    .where('record_id', '=', recordId)
    .execute();
}

describe('patient demographics', () => {
  it('are given, read back and audited; a patient without any answers 404', async () => {
    const userId = await createPatient('info-given');
    const path = `/api/lab/v2/user/${userId}/info`;
    expect((await stack.request(coordinator, 'GET', `${path}/latest`)).statusCode).toBe(404);

    const given = await stack.request(coordinator, 'PATCH', path, {
      headers: json,
      body: JSON.stringify(DETAILS),
    });
    expect(given.statusCode).toBe(200);
    const read = await stack.request(await stack.signIn('clinician'), 'GET', `${path}/latest`);
    expect(read.statusCode).toBe(200);
    expect(userInfoSchema.parse(read.json())).toMatchObject({
      first_name: 'Odile',
      last_name: 'Fairweather',
      dob: '1979-02-14',
    });

    const rows = await auditOf(userId);
    expect(rows).toContainEqual({
      account_email: accountEmail('coordinator'),
      action: 'PATCH /v2/user/{user_id}/info',
      outcome: 200,
    });
    expect(rows).toContainEqual({
      account_email: accountEmail('clinician'),
      action: 'GET /v2/user/{user_id}/info/latest',
      outcome: 200,
    });
  });

  it('are refused to roles that may not read or write patients', async () => {
    const userId = await createPatient('info-refused');
    const path = `/api/lab/v2/user/${userId}/info`;
    for (const role of ['ops', 'clinician'] as const) {
      const cookie = await stack.signIn(role);
      const answer = await stack.request(cookie, 'PATCH', path, {
        headers: json,
        body: JSON.stringify(DETAILS),
      });
      expect(answer.statusCode, role).toBe(403);
    }
    const admin = await stack.signIn('admin');
    expect((await stack.request(admin, 'GET', `${path}/latest`)).statusCode).toBe(403);
  });

  it('are refused when incomplete: the Lab API requires names, contact and address', async () => {
    const userId = await createPatient('info-incomplete');
    const answer = await stack.request(coordinator, 'PATCH', `/api/lab/v2/user/${userId}/info`, {
      headers: json,
      body: JSON.stringify({ first_name: 'Odile', last_name: 'Fairweather', dob: '1979-02-14' }),
    });
    expect(answer.statusCode).toBe(422);
  });

  it('follow the patient details of the latest order, as the real service keeps them', async () => {
    const userId = await createPatient('info-ordered');
    const placed = await stack.request(coordinator, 'POST', '/api/lab/v3/order', {
      headers: { ...json, 'x-idempotency-key': `info-ordered-${Date.now()}` },
      body: JSON.stringify(validOrder({ user_id: userId })),
    });
    expect(placed.statusCode).toBe(200);
    const read = await stack.request(coordinator, 'GET', `/api/lab/v2/user/${userId}/info/latest`);
    expect(userInfoSchema.parse(read.json())).toMatchObject({
      first_name: 'Priya',
      last_name: 'Raman-Oakes',
      dob: '1988-09-09',
      address: { city: 'Austin', zip: '78701' },
    });
  });

  it('resolve a client user id to its patient, and only a live one', async () => {
    const userId = await createPatient('info-resolve');
    const resolved = await stack.request(
      coordinator,
      'GET',
      '/api/lab/v2/user/resolve/info-resolve',
    );
    expect(resolved.statusCode).toBe(200);
    expect(userSchema.parse(resolved.json()).user_id).toBe(userId);
    expect(await auditOf(userId)).toContainEqual({
      account_email: accountEmail('coordinator'),
      action: 'GET /v2/user/resolve/{client_user_id}',
      outcome: 200,
    });
    const unknown = await stack.request(coordinator, 'GET', '/api/lab/v2/user/resolve/nobody-here');
    expect(unknown.statusCode).toBe(404);
  });

  it('name a page of patients at once, leaving out those without demographics', async () => {
    const named = await createPatient('names-named');
    const unnamed = await createPatient('names-unnamed');
    await stack.request(coordinator, 'PATCH', `/api/lab/v2/user/${named}/info`, {
      headers: json,
      body: JSON.stringify(DETAILS),
    });
    const answer = await stack.request(
      coordinator,
      'GET',
      `${PATIENT_NAMES_PATH}?user_id=${named}&user_id=${unnamed}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(patientNamesResponseSchema.parse(answer.json()).patients).toEqual([
      { user_id: named, first_name: 'Odile', last_name: 'Fairweather', dob: '1979-02-14' },
    ]);
    const admin = await stack.signIn('admin');
    expect(
      (await stack.request(admin, 'GET', `${PATIENT_NAMES_PATH}?user_id=${named}`)).statusCode,
    ).toBe(403);
    expect(await auditOf(unnamed)).toContainEqual({
      account_email: accountEmail('coordinator'),
      action: 'GET /v2/user/{user_id}/info/latest',
      outcome: 404,
    });
  });

  it('search by a name or date of birth on orders, and by an exact client user id', async () => {
    const search = async (q: string) => {
      const answer = await stack.request(
        coordinator,
        'GET',
        `${PATIENT_SEARCH_PATH}?q=${encodeURIComponent(q)}`,
      );
      expect(answer.statusCode).toBe(200);
      return patientSearchResponseSchema.parse(answer.json()).patients;
    };
    const byName = await search('Brightwater');
    expect(byName).toContainEqual(
      expect.objectContaining({ first_name: 'Avery', dob: '1984-03-12', found_by: 'order' }),
    );
    expect(await search('1984-03-12')).toContainEqual(
      expect.objectContaining({ last_name: 'Brightwater' }),
    );
    const byClientId = await search('demo-patient-001');
    expect(byClientId[0]).toMatchObject({
      client_user_id: 'demo-patient-001',
      first_name: 'Avery',
      found_by: 'client_user_id',
    });
    expect(await search('nobody-by-this-name')).toEqual([]);
  });
});
