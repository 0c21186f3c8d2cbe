import { describe, expect, it } from 'vitest';
import type { LabAccount } from '../../../../contract/labAccount';
import type { LabTest } from '../../../../contract/labTest';
import { MESSAGES } from '../../../../contract/messages';
import type { CreateOrderRequestInput } from '../../../../contract/orderRequest';
import { errorAt } from './formTypes';
import { orderResolver, type OrderLists } from './orderValidation';

const TODAY = '2026-03-10';
const ACCOUNT_ID = '11111111-1111-4111-8111-111111111111';
const TEST_ID = '22222222-2222-4222-8222-222222222222';

const delegated: LabAccount = {
  id: ACCOUNT_ID,
  lab: 'quest',
  status: 'active',
  delegated_flow: 'order_delegated',
};
const panel = {
  id: TEST_ID,
  slug: 'panel',
  name: 'Panel',
  sample_type: 'serum',
  method: 'walk_in_test',
  price: 10,
  status: 'active',
  fasting: false,
  auto_generated: false,
  lab: { slug: 'quest' },
  markers: [],
} as unknown as LabTest;
const lists: OrderLists = { accounts: [delegated], labTests: [panel], labMarkers: [] };

const order: CreateOrderRequestInput = {
  user_id: '33333333-3333-4333-8333-333333333333',
  lab_account_id: ACCOUNT_ID,
  order_set: { lab_test_ids: [TEST_ID] },
  patient_details: {
    first_name: 'Rowan',
    last_name: 'Ellery',
    dob: '1986-04-12',
    gender: 'female',
    phone_number: '+1 512 555 0142',
    email: 'rowan@example.com',
  },
  patient_address: {
    first_line: '12 Test Lane',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
  },
  physician: { first_name: 'Ada', last_name: 'Byron', npi: '1234567893' },
};

const validate = (values: CreateOrderRequestInput, against: OrderLists = lists) =>
  orderResolver(TODAY, against)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('orderResolver', () => {
  it('passes a complete order through as the request to send', async () => {
    const result = await validate(order);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ user_id: order.user_id, billing_type: 'client_bill' });
  });

  it("shows the rules that need the lists with the schema's, each on its own field", async () => {
    const result = await validate({
      ...order,
      physician: undefined,
      patient_address: { ...order.patient_address, zip: '7870' },
    });
    expect(result.values).toEqual({});
    expect(errorAt(result.errors, 'patient_address.zip')).toMatch(/ZIP code/);
    expect(errorAt(result.errors, 'physician')).toBe(MESSAGES.physicianRequired);
  });

  it('judges the chosen account against the lists it is given', async () => {
    const result = await validate(order, { ...lists, accounts: [] });
    expect(errorAt(result.errors, 'lab_account_id')).toBe(MESSAGES.labAccountNotFound);
  });

  it('judges dates against the day it is built for', async () => {
    const result = await validate({
      ...order,
      patient_details: { ...order.patient_details, dob: '2026-03-11' },
    });
    expect(errorAt(result.errors, 'patient_details.dob')).toBe(MESSAGES.dobInFuture);
  });
});
