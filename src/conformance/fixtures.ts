import {
  createOrderRequestSchemaFor,
  createTestkitOrderRequestSchema,
  createUserRequestSchema,
  registerTestkitRequestSchemaFor,
  type CollectionMethod,
} from '../contract';
import { LAB_ACCOUNTS, LAB_TESTS, PATIENTS } from '../sandbox/seed';
import type { ConformanceContext } from './table';

/*
 * What the cases order, register and look up. Request bodies are what the console's
 * forms send: a form's values parsed with the contract's request schema, as
 * zodResolver hands them to the submit handler.
 */

const testOf = (method: CollectionMethod) => {
  const test = LAB_TESTS.find((t) => t.method === method);
  if (!test) throw new Error(`no seeded ${method} lab test`);
  return test;
};
const accountOf = (lab: string, status?: string) => {
  const account = LAB_ACCOUNTS.find((a) => a.lab === lab && (!status || a.status === status));
  if (!account) throw new Error(`no seeded ${lab} lab account`);
  return account;
};
const patient = (index: number) => {
  const found = PATIENTS[index];
  if (!found) throw new Error(`no seeded patient ${String(index)}`);
  return found;
};

/** An adult in Phoenix (ZIP 85004, where Getlabs books) and one in Onalaska (54650, PhlebFinders). */
export const PHOENIX_PATIENT = patient(1);
export const ONALASKA_PATIENT = patient(3);
export const AUSTIN_PATIENT = patient(5);
/** The minor: her orders name a guarantor (medical_proxy). */
export const MINOR_PATIENT = patient(17);

const PHYSICIAN = { first_name: 'Helena', last_name: 'Marsh', npi: '1234567893' };

/** The new-order form's values for one seeded patient and one starter lab test. */
function orderFormValues(method: CollectionMethod, who: (typeof PATIENTS)[number]) {
  const test = testOf(method);
  const values: Record<string, unknown> = {
    user_id: who.id,
    order_set: { lab_test_ids: [test.id] },
    collection_method: method,
    patient_details: {
      first_name: who.first_name,
      last_name: who.last_name,
      dob: who.dob,
      gender: who.gender,
      phone_number: who.phone_number,
      email: who.email,
      ...(who.medical_proxy ? { medical_proxy: who.medical_proxy } : {}),
    },
    patient_address: { ...who.address, receiver_name: `${who.first_name} ${who.last_name}` },
  };
  if (method === 'walk_in_test') {
    values.lab_account_id = accountOf('quest').id;
    // Glucose (101) and the lipid panel (103) ask whether the patient has fasted.
    values.aoe_answers = [
      { marker_id: 101, question_id: 9101, answer: 'Y' },
      { marker_id: 103, question_id: 9103, answer: 'Y' },
    ];
  }
  if (method === 'testkit' || method === 'on_site_collection') {
    // BioReference's tests: its active account (the other one is pending).
    values.lab_account_id = accountOf('bioreference', 'active').id;
  }
  if (method === 'at_home_phlebotomy') {
    // Labcorp's account is delegated: the order names its physician.
    values.lab_account_id = accountOf('labcorp').id;
    values.physician = PHYSICIAN;
    values.aoe_answers = [{ marker_id: 203, question_id: 9203, answer: 'N' }];
  }
  return values;
}

export function orderRequest(
  ctx: ConformanceContext,
  method: CollectionMethod,
  who = AUSTIN_PATIENT,
) {
  return createOrderRequestSchemaFor(ctx.today).parse(orderFormValues(method, who));
}

export const testkitRequest = () =>
  createTestkitOrderRequestSchema.parse({
    user_id: PHOENIX_PATIENT.id,
    lab_test_id: testOf('testkit').id,
    shipping_details: {
      receiver_name: `${PHOENIX_PATIENT.first_name} ${PHOENIX_PATIENT.last_name}`,
      first_line: PHOENIX_PATIENT.address.first_line,
      city: PHOENIX_PATIENT.address.city,
      state: PHOENIX_PATIENT.address.state,
      zip: PHOENIX_PATIENT.address.zip,
      country: PHOENIX_PATIENT.address.country,
      phone_number: PHOENIX_PATIENT.phone_number,
    },
  });

export const registrationRequest = (ctx: ConformanceContext, sampleId: string) =>
  registerTestkitRequestSchemaFor(ctx.today).parse({
    sample_id: sampleId,
    patient_details: {
      first_name: PHOENIX_PATIENT.first_name,
      last_name: PHOENIX_PATIENT.last_name,
      dob: PHOENIX_PATIENT.dob,
      gender: PHOENIX_PATIENT.gender,
      phone_number: PHOENIX_PATIENT.phone_number,
      email: PHOENIX_PATIENT.email,
      race: 'other',
    },
    patient_address: { ...PHOENIX_PATIENT.address },
    consents: [{ consentType: 'terms-of-use', timeOfConsent: `${ctx.today}T10:00:00Z` }],
  });

export const userRequest = (clientUserId: string) =>
  createUserRequestSchema.parse({
    client_user_id: clientUserId,
    fallback_time_zone: 'America/Chicago',
    fallback_birth_date: '1990-05-01',
  });

interface OrderLike {
  id: string;
  sample_id: string | null;
  last_event: { status: string };
}

/** Creates an order the way the new-order form does, and answers it. */
export async function createOrder(
  ctx: ConformanceContext,
  method: CollectionMethod,
  who = AUSTIN_PATIENT,
): Promise<OrderLike> {
  const { body } = await ctx.api.call<{ order: OrderLike }>('POST', '/v3/order', {
    json: orderRequest(ctx, method, who),
    expect: 200,
  });
  const order = body.order;
  ctx.taken.add(order.id);
  return order;
}

/** A seeded order of a method whose last low-level status is `low`, no other case has taken. */
export async function seededOrder(
  ctx: ConformanceContext,
  method: CollectionMethod,
  low: string,
  accept: (order: Record<string, unknown>) => boolean = () => true,
): Promise<OrderLike & Record<string, unknown>> {
  const { body } = await ctx.api.call<{ orders: (OrderLike & Record<string, unknown>)[] }>(
    'GET',
    `/v3/orders?order_type=${method}&status=${low}&size=100`,
    { expect: 200 },
  );
  const orders = body.orders;
  const found = orders.find(
    (o) => !ctx.taken.has(o.id) && o.last_event.status.endsWith(`.${low}`) && accept(o),
  );
  if (!found) throw new Error(`no seeded ${method} order in ${low} left`);
  ctx.taken.add(found.id);
  return found;
}

/** Walks an order to a final status with the sandbox's simulation (no delay). */
export async function simulate(ctx: ConformanceContext, orderId: string, finalStatus: string) {
  await ctx.api.call('POST', `/v3/order/${orderId}/test?final_status=${finalStatus}&delay=0`, {
    json: { interpretation: 'normal' },
    expect: 200,
  });
}

/** Polls until `done` holds for the answer, for work the Lab API finishes on a timer. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
}

export const UNKNOWN_ID = '4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10';

/** A copy of a request body without one member (a 422 case leaves a required one out). */
export function without<T extends object>(body: T, member: keyof T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== member)) as Partial<T>;
}

/** A member no request schema of the document has: FastAPI ignores it, and so must the local Lab API. */
export const UNKNOWN_MEMBER = 'client_reference';
export const withUnknownMember = <T extends object>(body: T) => ({
  ...body,
  [UNKNOWN_MEMBER]: 'ignored by the service',
});
