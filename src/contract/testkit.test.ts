import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  createTestkitOrderRequestSchema,
  registerTestkitRequestSchema,
  registerTestkitRequestSchemaFor,
} from './testkit';

function without(value: object, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
}

const USER_ID = '0b6a2f9e-6a3b-4f6e-9a51-3f1c2a8b7d10';
const TEST_ID = '5f1b9c1e-2d3a-4b5c-8d7e-1a2b3c4d5e6f';

const shipping = {
  receiver_name: 'Ada Lovelace',
  first_line: '1 Main St',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85004',
  country: 'US',
  phone_number: '+1 555 123 4567',
};

function paths(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]),
  );
}

describe('createTestkitOrderRequestSchema', () => {
  it('accepts a complete request, second line optional', () => {
    const result = createTestkitOrderRequestSchema.safeParse({
      user_id: USER_ID,
      lab_test_id: TEST_ID,
      shipping_details: shipping,
      passthrough: 'x',
    });
    expect(result.error?.issues).toBeUndefined();
  });

  it.each([
    'receiver_name',
    'first_line',
    'city',
    'state',
    'zip',
    'country',
    'phone_number',
  ] as const)('requires shipping_details.%s', (field) => {
    const rest = without(shipping, field);
    const result = createTestkitOrderRequestSchema.safeParse({
      user_id: USER_ID,
      lab_test_id: TEST_ID,
      shipping_details: rest,
    });
    expect(paths(result)).toEqual({ [`shipping_details.${field}`]: MESSAGES.required });
  });

  it('refuses a blank receiver, a bad zip, and a missing lab test', () => {
    const result = createTestkitOrderRequestSchema.safeParse({
      user_id: USER_ID,
      shipping_details: { ...shipping, receiver_name: ' ', zip: '1234' },
    });
    expect(paths(result)).toEqual({
      lab_test_id: MESSAGES.required,
      'shipping_details.receiver_name': MESSAGES.required,
      'shipping_details.zip': MESSAGES.zip,
    });
  });
});

describe('registerTestkitRequestSchema', () => {
  const patient_details = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    dob: '1980-05-01',
    gender: 'female',
    phone_number: '+1 555 123 4567',
    email: 'ada@example.com',
  };
  const patient_address = { ...shipping, receiver_name: undefined };
  const valid = { sample_id: 'ABC123', patient_details, patient_address };

  it('accepts a registration; user and physician optional, consents default to none', () => {
    const result = registerTestkitRequestSchema.safeParse(valid);
    expect(result.error?.issues).toBeUndefined();
    expect(result.data?.consents).toEqual([]);
    expect(
      registerTestkitRequestSchema.safeParse({
        ...valid,
        user_id: USER_ID,
        physician: { first_name: 'G', last_name: 'H', npi: '1234567893' },
        consents: [{ consentType: 'terms-of-use' }],
      }).success,
    ).toBe(true);
  });

  it('requires a sample id', () => {
    expect(paths(registerTestkitRequestSchema.safeParse({ ...valid, sample_id: ' ' }))).toEqual({
      sample_id: MESSAGES.sampleId,
    });
    const rest = without(valid, 'sample_id');
    expect(paths(registerTestkitRequestSchema.safeParse(rest))).toEqual({
      sample_id: MESSAGES.required,
    });
  });

  it('applies the patient rules: name, zip, NPI, minor', () => {
    const schema = registerTestkitRequestSchemaFor('2026-03-15');
    expect(
      paths(
        schema.safeParse({
          ...valid,
          user_id: 'nope',
          patient_details: { ...patient_details, first_name: 'José', dob: '2012-01-01' },
          patient_address: { ...patient_address, zip: 'ABCDE' },
          physician: { first_name: 'G', last_name: 'H', npi: '1234567890' },
        }),
      ),
    ).toEqual({
      user_id: MESSAGES.uuid,
      'patient_details.first_name': MESSAGES.namePattern,
      'patient_details.medical_proxy': MESSAGES.medicalProxyRequired,
      'patient_address.zip': MESSAGES.zip,
      'physician.npi': MESSAGES.npi,
    });
  });
});
