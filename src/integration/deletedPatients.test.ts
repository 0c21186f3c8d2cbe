import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETED_PATIENTS_PATH,
  deletedPatientsResponseSchema,
  userSchema,
  USER_DELETION_GRACE_DAYS,
} from '../contract';
import { ALLOW_LIST, describeCall } from '../bff/labProxy/allowList';
import {
  DELETE_PATIENT_ACTION,
  UNDO_DELETE_PATIENT_ACTION,
} from '../bff/patients/patientDeletions';
import { accountEmail, startStack, type Stack } from './stack';

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

async function deletedPatients(cookie: string) {
  const answer = await stack.request(cookie, 'GET', DELETED_PATIENTS_PATH);
  expect(answer.statusCode).toBe(200);
  return deletedPatientsResponseSchema.parse(answer.json()).patients;
}

describe('recently deleted patients', () => {
  it('reads the deletions it looks for under the allow-list’s own names', () => {
    const actions = ALLOW_LIST.map(describeCall);
    expect(actions).toContain(DELETE_PATIENT_ACTION);
    expect(actions).toContain(UNDO_DELETE_PATIENT_ACTION);
  });

  it('lists a deleted patient with its undo deadline until the deletion is undone', async () => {
    const kept = await createPatient('deleted-list-kept');
    const userId = await createPatient('deleted-list-gone');
    expect(await deletedPatients(coordinator)).toEqual([]);

    const before = Date.now();
    const removed = await stack.request(coordinator, 'DELETE', `/api/lab/v2/user/${userId}`);
    expect(removed.statusCode).toBe(200);

    const listed = await deletedPatients(coordinator);
    expect(listed.map((p) => p.user_id)).toEqual([userId]);
    const [entry] = listed;
    expect(entry?.deleted_by).toBe(accountEmail('coordinator'));
    const deletedAt = Date.parse(entry?.deleted_at ?? '');
    expect(deletedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(entry?.undo_until ?? '') - deletedAt).toBe(
      USER_DELETION_GRACE_DAYS * 24 * 3600 * 1000,
    );
    // Ops see the list too (they read patients); the kept patient is not on it.
    expect((await deletedPatients(await stack.signIn('ops'))).map((p) => p.user_id)).toEqual([
      userId,
    ]);
    expect(listed.map((p) => p.user_id)).not.toContain(kept);

    const undone = await stack.request(
      coordinator,
      'POST',
      `/api/lab/v2/user/undo_delete?user_id=${userId}`,
    );
    expect(undone.statusCode).toBe(200);
    expect(await deletedPatients(coordinator)).toEqual([]);
  });

  it('refuses a role that does not read patients, and audits every reading', async () => {
    const admin = await stack.signIn('admin');
    expect((await stack.request(admin, 'GET', DELETED_PATIENTS_PATH)).statusCode).toBe(403);
    const rows = await stack.store.db
      .selectFrom('audit_event')
      .select(['account_email', 'outcome'])
      .where('action', '=', `GET ${DELETED_PATIENTS_PATH}`)
      .execute();
    expect(rows).toContainEqual({ account_email: accountEmail('coordinator'), outcome: 200 });
    expect(rows).toContainEqual({ account_email: accountEmail('admin'), outcome: 403 });
  });
});
