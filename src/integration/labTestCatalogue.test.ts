import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_MESSAGES,
  labListSchema,
  labTestPageSchema,
  labTestSchema,
  markerSchema,
  markersPageSchema,
} from '../contract';
import { listAudit } from '../bff/platform/audit/audit';
import { LAB_ACCOUNTS, LAB_TESTS } from '../sandbox/seed';
import { startStack, type Stack } from './stack';

/* The team's lab test catalogue through the BFF: every role reads it, only admins change
   it, and every change is audited with the panel it made or changed. */

let stack: Stack;
let coordinator: string;
let admin: string;
let ops: string;
const json = { 'content-type': 'application/json' };
const quest = LAB_ACCOUNTS.find((a) => a.lab === 'quest');
const walkIn = LAB_TESTS.find((t) => t.method === 'walk_in_test');
const panel = (name: string, markerIds: number[] = [101, 102]) =>
  JSON.stringify({
    name,
    method: 'walk_in_test',
    description: 'For the diabetes clinic',
    marker_ids: markerIds,
    lab_account_id: quest?.id,
  });

beforeAll(async () => {
  stack = await startStack();
  [coordinator, admin, ops] = await Promise.all([
    stack.signIn('coordinator'),
    stack.signIn('admin'),
    stack.signIn('ops'),
  ]);
});
afterAll(() => stack.close());

describe('the lab test catalogue through the BFF', () => {
  it('pages the team’s tests with the Lab API’s cursor, for every role, unaudited', async () => {
    const first = await stack.request(ops, 'GET', '/api/lab/v3/lab_test?lab_test_limit=3');
    expect(first.statusCode).toBe(200);
    const page = labTestPageSchema.parse(first.json());
    expect(page.data).toHaveLength(3);
    expect(page.next_cursor).toEqual(expect.any(String));
    const rest = labTestPageSchema.parse(
      (
        await stack.request(
          ops,
          'GET',
          `/api/lab/v3/lab_test?lab_test_limit=3&next_cursor=${page.next_cursor ?? ''}`,
        )
      ).json(),
    );
    const ids = [...page.data, ...rest.data].map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const seeded of LAB_TESTS) expect(ids).toContain(seeded.id);

    const labs = labListSchema.parse(
      (await stack.request(coordinator, 'GET', '/api/lab/v3/lab_tests/labs')).json(),
    );
    expect(labs.map((l) => l.slug)).toEqual(expect.arrayContaining(['quest', 'labcorp']));
    const markers = markersPageSchema.parse(
      (
        await stack.request(coordinator, 'GET', `/api/lab/v3/lab_tests/${walkIn?.id ?? ''}/markers`)
      ).json(),
    );
    expect(markers.markers.map((m) => m.id)).toEqual(walkIn?.marker_ids);
    const [glucose] = markers.markers;
    const one = await stack.request(
      coordinator,
      'GET',
      `/api/lab/v3/lab_tests/${glucose?.lab_id ?? 0}/markers/${glucose?.provider_id ?? ''}`,
    );
    expect(markerSchema.parse(one.json()).id).toBe(glucose?.id);
    const ofSet = await stack.request(
      coordinator,
      'POST',
      '/api/lab/v3/lab_tests/list_order_set_markers',
      {
        headers: json,
        body: JSON.stringify({ add_on: { marker_ids: [101, 102] } }),
      },
    );
    expect(markersPageSchema.parse(ofSet.json()).total).toBe(2);

    const rows = await listAudit(stack.store.db, 1000);
    expect(rows.some((r) => r.action.includes('lab_test'))).toBe(false);
  });

  it('lets admins create a custom panel, pending approval, and coordinators not; audited', async () => {
    const refused = await stack.request(coordinator, 'POST', '/api/lab/v3/lab_tests', {
      headers: json,
      body: panel('Not mine to make'),
    });
    expect(refused.statusCode).toBe(403);
    const made = await stack.request(admin, 'POST', '/api/lab/v3/lab_tests', {
      headers: json,
      body: panel('Diabetes follow-up'),
    });
    expect(made.statusCode).toBe(200);
    const test = labTestSchema.parse(made.json());
    expect(test).toMatchObject({ name: 'Diabetes follow-up', status: 'pending_approval' });
    expect(test.lab?.slug).toBe('quest');
    expect(test.markers?.map((m) => m.id)).toEqual([101, 102]);

    const rows = await listAudit(stack.store.db, 1000);
    const writes = rows.filter((r) => r.action === 'POST /v3/lab_tests');
    expect(writes.map((r) => [r.role, r.outcome, r.record_type, r.record_id])).toEqual(
      expect.arrayContaining([
        ['coordinator', 403, 'lab_test', null],
        ['admin', 200, 'lab_test', test.id],
      ]),
    );
  });

  it('refuses markers of two labs and a panel for another lab’s account, on the field', async () => {
    const mixed = await stack.request(admin, 'POST', '/api/lab/v3/lab_tests', {
      headers: json,
      body: JSON.stringify({ ...JSON.parse(panel('Mixed', [101, 202])), lab_account_id: null }),
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json()).toMatchObject({
      detail: [{ loc: ['body', 'marker_ids'], msg: CATALOGUE_MESSAGES.oneLab }],
    });
    const otherLab = await stack.request(admin, 'POST', '/api/lab/v3/lab_tests', {
      headers: json,
      body: panel('Labcorp markers', [202, 203]),
    });
    expect(otherLab.statusCode).toBe(422);
  });

  it('renames and activates a custom panel for admins only, audited; an empty change is a 422', async () => {
    const made = labTestSchema.parse(
      (
        await stack.request(admin, 'POST', '/api/lab/v3/lab_tests', {
          headers: json,
          body: panel('Renal check'),
        })
      ).json(),
    );
    const path = `/api/lab/v3/lab_tests/${made.id}`;
    const body = JSON.stringify({ name: 'Renal function check', active: true });
    expect(
      (await stack.request(coordinator, 'PATCH', path, { headers: json, body })).statusCode,
    ).toBe(403);
    const changed = await stack.request(admin, 'PATCH', path, { headers: json, body });
    expect(labTestSchema.parse(changed.json())).toMatchObject({
      name: 'Renal function check',
      status: 'active',
    });
    const empty = await stack.request(admin, 'PATCH', path, { headers: json, body: '{}' });
    expect(empty.statusCode).toBe(422);

    const rows = await listAudit(stack.store.db, 1000);
    expect(
      rows.find((r) => r.action === 'PATCH /v3/lab_tests/{lab_test_id}' && r.outcome === 200),
    ).toMatchObject({ role: 'admin', record_type: 'lab_test', record_id: made.id });
  });
});
