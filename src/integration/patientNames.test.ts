import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PATIENT_NAMES_PATH,
  PATIENT_SEARCH_PATH,
  patientNamesResponseSchema,
  patientSearchResponseSchema,
  ordersPageSchema,
  postOrderResponseSchema,
  userSchema,
} from '../contract';
import { validOrder } from '../sandbox/test/ordering';
import { KIT } from '../sandbox/test/testkit';
import { startStack, type Stack } from './stack';

/*
 * A patient is named by any order or registration that carries their details, not only
 * by the newest: an unregistered test kit carries none.
 */

let stack: Stack;
let coordinator: string;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  stack = await startStack();
  coordinator = await stack.signIn('coordinator');
});
afterAll(() => stack.close());

async function post(path: string, body: unknown, key: string) {
  const answer = await stack.request(coordinator, 'POST', `/api/lab${path}`, {
    headers: { ...json, 'x-idempotency-key': key },
    body: JSON.stringify(body),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return postOrderResponseSchema.parse(answer.json()).order;
}

async function search(q: string) {
  const answer = await stack.request(
    coordinator,
    'GET',
    `${PATIENT_SEARCH_PATH}?q=${encodeURIComponent(q)}`,
  );
  expect(answer.statusCode).toBe(200);
  return patientSearchResponseSchema.parse(answer.json()).patients;
}

describe('a patient whose newest order is an unregistered test kit', () => {
  it('is found by name and named, from an earlier order', async () => {
    const created = await stack.request(coordinator, 'POST', '/api/lab/v2/user', {
      headers: json,
      body: JSON.stringify({ client_user_id: 'kit-newest' }),
    });
    const userId = userSchema.parse(created.json()).user_id;
    const details = {
      first_name: 'Marguerite',
      last_name: 'Vandersloot',
      dob: '1990-11-23',
      gender: 'female',
      phone_number: '+1 512 555 0142',
      email: 'marguerite@example.test',
    };
    await post('/v3/order', validOrder({ user_id: userId, patient_details: details }), 'kn-1');
    const kit = await post(
      '/v3/order/testkit',
      KIT({
        user_id: userId,
        shipping_details: { ...KIT().shipping_details, receiver_name: 'M. Vandersloot' },
      }),
      'kn-2',
    );
    expect(kit.patient_details).toBeNull();

    const hits = await search('Vandersloot');
    expect(hits).toEqual([
      expect.objectContaining({
        user_id: userId,
        first_name: 'Marguerite',
        last_name: 'Vandersloot',
        dob: '1990-11-23',
      }),
    ]);

    // Found only by the kit's recipient: named by the demographics an order left.
    expect(await search('M. Vandersloot')).toEqual([
      expect.objectContaining({ user_id: userId, first_name: 'Marguerite', dob: '1990-11-23' }),
    ]);

    const names = await stack.request(
      coordinator,
      'GET',
      `${PATIENT_NAMES_PATH}?user_id=${userId}`,
    );
    expect(patientNamesResponseSchema.parse(names.json()).patients).toEqual([
      { user_id: userId, first_name: 'Marguerite', last_name: 'Vandersloot', dob: '1990-11-23' },
    ]);
  });
});

describe('finding a patient and an order by what a person has at hand', () => {
  it('finds by "Last, First", a US or ISO date of birth, a sample id and the short order id', async () => {
    const listed = await stack.request(
      coordinator,
      'GET',
      `/api/lab/v3/orders?${new URLSearchParams({ search_input: 'Juniper Calloway', size: '100' }).toString()}`,
    );
    const orders = ordersPageSchema.parse(listed.json()).orders;
    const sampled = orders.find((o) => o.sample_id);
    const userId = sampled?.user_id ?? 'missing';
    const sampleId = sampled?.sample_id ?? 'missing';
    const shortId = (sampled?.id ?? 'missing').slice(0, 8);

    for (const typed of ['Calloway, Juniper', '06/01/2012', '2012-06-01', sampleId, shortId]) {
      const hits = await search(typed);
      expect(hits, typed).toContainEqual(
        expect.objectContaining({ user_id: userId, first_name: 'Juniper', last_name: 'Calloway' }),
      );
    }

    // The orders list's search reaches the same orders through the proxy.
    for (const typed of [sampleId, shortId]) {
      const answer = await stack.request(
        coordinator,
        'GET',
        `/api/lab/v3/orders?${new URLSearchParams({ search_input: typed }).toString()}`,
      );
      expect(answer.statusCode).toBe(200);
      expect(
        ordersPageSchema.parse(answer.json()).orders.map((o) => o.id),
        typed,
      ).toContain(sampled?.id);
    }
  });
});
