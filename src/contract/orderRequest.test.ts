import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from './messages';
import {
  ageOn,
  createOrderRequestSchema,
  createOrderRequestSchemaFor,
  isMinorOn,
  isValidNpi,
  orderCrossChecks,
  patientAddressSchema,
  patientDetailsSchemaFor,
  physicianSchema,
  requestedLabAccountId,
  resolveLabAccount,
  utcToday,
} from './orderRequest';

function without(value: object, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
}

const TODAY = '2026-03-15';
const schema = createOrderRequestSchemaFor(TODAY);

const USER_ID = '0b6a2f9e-6a3b-4f6e-9a51-3f1c2a8b7d10';
const TEST_A = '5f1b9c1e-2d3a-4b5c-8d7e-1a2b3c4d5e6f';
const TEST_B = '7c2d8e3f-4a5b-4c6d-9e8f-2b3c4d5e6f70';
const ACCOUNT_A = '9e8d7c6b-5a49-4382-a716-151413121110';
const ACCOUNT_B = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';

const address = {
  first_line: '1 Main St',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85004',
  country: 'US',
};

function validOrder(): Record<string, unknown> {
  return {
    user_id: USER_ID,
    order_set: { lab_test_ids: [TEST_A] },
    patient_details: {
      first_name: 'Ada',
      last_name: "O'Brien",
      dob: '1980-05-01',
      gender: 'female',
      phone_number: '+1 555 123 4567',
      email: 'ada@example.com',
    },
    patient_address: { ...address },
  };
}

type Patch = Record<string, unknown>;
function order(patch: { top?: Patch; patient?: Patch; address?: Patch } = {}) {
  const base = validOrder();
  return {
    ...base,
    ...patch.top,
    patient_details: { ...(base.patient_details as Patch), ...patch.patient },
    patient_address: { ...(base.patient_address as Patch), ...patch.address },
  };
}

/** Messages by dotted path. */
function issues(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    (byPath[key] ??= []).push(issue.message);
  }
  return byPath;
}

function check(value: unknown, s: z.ZodType = schema) {
  return issues(s.safeParse(value));
}

describe('createOrderRequestSchema', () => {
  it('accepts a complete valid order and applies defaults', () => {
    const result = schema.safeParse(validOrder());
    expect(result.error?.issues).toBeUndefined();
    expect(result.data?.priority).toBe(false);
    expect(result.data?.billing_type).toBe('client_bill');
    expect(result.data?.patient_address.receiver_name).toBe('');
  });

  it('accepts every optional field of the description', () => {
    const full = order({
      top: {
        lab_test_id: null,
        order_set: { lab_test_ids: [TEST_A], add_on: null, lab_account_id: ACCOUNT_A },
        collection_method: 'walk_in_test',
        physician: {
          first_name: 'Grace',
          last_name: 'Hopper',
          npi: '1234567893',
          email: 'grace@example.com',
          licensed_states: ['ny', 'CA'],
          signature_image: { content: 'iVBORw0KGgo=', content_type: 'image/png' },
        },
        health_insurance: {
          responsible_relationship: 'Self',
          payor_code: 'AETNA',
          diagnosis_codes: ['z00.00'],
        },
        priority: true,
        billing_type: 'commercial_insurance',
        icd_codes: ['e11.9', 'Z00.00', 'I10'],
        consents: [{ consentType: 'terms-of-use', timeOfConsent: '2026-03-15T09:30:00Z' }],
        activate_by: '2026-04-01',
        aoe_answers: [{ marker_id: 1, question_id: 2, answer: 'Yes' }],
        passthrough: 'ref-1',
        clinical_notes: 'Fasting',
        lab_account_id: ACCOUNT_A,
        creator_member_id: USER_ID,
      },
      patient: {
        race: 'asian',
        ethnicity: null,
        sexual_orientation: 'bisexual',
        gender_identity: 'other',
        household_income: 50000,
        household_size: 3,
      },
      address: { second_line: 'Apt 2', access_notes: 'Ring twice', phone_number: '5551234567' },
    });
    const result = schema.safeParse(full);
    expect(result.error?.issues).toBeUndefined();
    expect(result.data?.icd_codes).toEqual(['E11.9', 'Z00.00', 'I10']);
    expect(result.data?.physician?.licensed_states).toEqual(['NY', 'CA']);
    expect(result.data?.consents?.[0]?.version).toBe('1.0');
    expect(result.data?.health_insurance?.diagnosis_codes).toEqual(['Z00.00']);
  });

  it('says a missing field is required, at its path', () => {
    const rest = without(validOrder(), 'user_id');
    expect(check(rest)).toEqual({ user_id: [MESSAGES.required] });
    expect(check({ ...validOrder(), patient_address: undefined })).toEqual({
      patient_address: [MESSAGES.required],
    });
  });

  it('refuses an unknown collection method and a non-uuid user', () => {
    expect(check(order({ top: { collection_method: 'drone' } }))).toEqual({
      collection_method: [MESSAGES.choice],
    });
    expect(check(order({ top: { user_id: 'abc' } }))).toEqual({ user_id: [MESSAGES.uuid] });
  });

  describe('zip', () => {
    it.each(['12345', '12345-6789'])('accepts %s', (zip) => {
      expect(check(order({ address: { zip } }))).toEqual({});
    });
    it.each(['1234', '12345-67', 'ABCDE', '123456', ''])('refuses %j', (zip) => {
      expect(check(order({ address: { zip } }))).toEqual({
        'patient_address.zip': [MESSAGES.zip],
      });
    });
  });

  describe('patient names', () => {
    it('accepts 50 characters and refuses 51', () => {
      expect(check(order({ patient: { first_name: 'A'.repeat(50) } }))).toEqual({});
      expect(check(order({ patient: { last_name: 'A'.repeat(51) } }))).toEqual({
        'patient_details.last_name': [MESSAGES.nameLength],
      });
    });
    it('says an empty name is required, not that it has the wrong length', () => {
      expect(
        check(order({ patient: { first_name: '  ' } }))['patient_details.first_name'],
      ).toContain(MESSAGES.required);
    });
    it.each(["O'Brien", 'Mary-Jane', 'Jean Luc', 'St. John, Jr', '3rd', ' Ada '])(
      'accepts %j',
      (first_name) => {
        expect(check(order({ patient: { first_name } }))).toEqual({});
      },
    );
    it.each(['José', 'Jean  Luc', '-Ann', "'Ann", 'Ann_B', 'Zoë', 'Ann!'])(
      'refuses %j',
      (first_name) => {
        expect(check(order({ patient: { first_name } }))).toEqual({
          'patient_details.first_name': [MESSAGES.namePattern],
        });
      },
    );
  });

  describe('patient details', () => {
    it('refuses a bad email, gender, phone and household size', () => {
      expect(
        check(
          order({
            patient: {
              email: 'not-an-email',
              gender: 'robot',
              phone_number: 'call me',
              household_size: -1,
              household_income: 1.5,
            },
          }),
        ),
      ).toEqual({
        'patient_details.email': [MESSAGES.email],
        'patient_details.gender': [MESSAGES.choice],
        'patient_details.phone_number': [MESSAGES.phone],
        'patient_details.household_size': [MESSAGES.nonNegativeInteger],
        'patient_details.household_income': [MESSAGES.integer],
      });
    });
    it('refuses a date of birth in the future, accepts today', () => {
      expect(check(order({ patient: { dob: '2026-03-16', medical_proxy: proxy() } }))).toEqual({
        'patient_details.dob': [MESSAGES.dobInFuture],
      });
      expect(check(order({ patient: { dob: '2026-03-15', medical_proxy: proxy() } }))).toEqual({});
      expect(check(order({ patient: { dob: '1980-02-30' } }))).toEqual({
        'patient_details.dob': [MESSAGES.date],
      });
    });
    it('takes omitted demographics as Not Specified (absent)', () => {
      const result = schema.parse(order({ patient: { race: null } }));
      expect(result.patient_details.race).toBeNull();
      expect(result.patient_details.ethnicity).toBeUndefined();
    });
    it('refuses an unknown race', () => {
      expect(check(order({ patient: { race: 'martian' } }))).toEqual({
        'patient_details.race': [MESSAGES.choice],
      });
    });
  });

  describe('medical proxy', () => {
    it('is required for a minor', () => {
      expect(check(order({ patient: { dob: '2010-01-01' } }))).toEqual({
        'patient_details.medical_proxy': [MESSAGES.medicalProxyRequired],
      });
    });
    it('accepts a minor with a proxy', () => {
      expect(check(order({ patient: { dob: '2010-01-01', medical_proxy: proxy() } }))).toEqual({});
    });
    it('treats the 18th birthday as adult and the day before as minor', () => {
      expect(check(order({ patient: { dob: '2008-03-15' } }))).toEqual({});
      expect(check(order({ patient: { dob: '2008-03-16' } }))).toEqual({
        'patient_details.medical_proxy': [MESSAGES.medicalProxyRequired],
      });
    });
    it('validates the proxy itself', () => {
      expect(
        check(
          order({
            patient: {
              dob: '2010-01-01',
              medical_proxy: { ...proxy(), email: 'x', address: { ...address, city: '' } },
            },
          }),
        ),
      ).toEqual({
        'patient_details.medical_proxy.email': [MESSAGES.email],
        'patient_details.medical_proxy.address.city': [MESSAGES.required],
      });
    });
    it('is reported together with other field errors', () => {
      const found = check(order({ patient: { dob: '2010-01-01' }, address: { zip: '1' } }));
      expect(found).toEqual({
        'patient_details.medical_proxy': [MESSAGES.medicalProxyRequired],
        'patient_address.zip': [MESSAGES.zip],
      });
    });
  });

  describe('notes', () => {
    it('accepts 1000 characters of clinical notes and refuses 1001', () => {
      expect(check(order({ top: { clinical_notes: 'x'.repeat(1000) } }))).toEqual({});
      expect(check(order({ top: { clinical_notes: 'x'.repeat(1003) } }))).toEqual({
        clinical_notes: [MESSAGES.clinicalNotesTooLong(3)],
      });
      expect(MESSAGES.clinicalNotesTooLong(1)).toBe(
        'Clinical notes can be at most 1000 characters (1 too many)',
      );
    });
    it('accepts 1000 characters of access notes and refuses 1001', () => {
      expect(check(order({ address: { access_notes: 'x'.repeat(1000) } }))).toEqual({});
      expect(check(order({ address: { access_notes: 'x'.repeat(1001) } }))).toEqual({
        'patient_address.access_notes': [MESSAGES.accessNotesTooLong(1)],
      });
    });
  });

  describe('order set', () => {
    it('refuses add-on with both marker and provider ids', () => {
      expect(
        check(
          order({
            top: {
              order_set: { add_on: { marker_ids: [1], provider_ids: ['A1'] } },
              collection_method: 'testkit',
            },
          }),
        ),
      ).toEqual({ 'order_set.add_on': [MESSAGES.addOnBothIdKinds] });
    });
    it('refuses an empty add-on', () => {
      expect(
        check(
          order({
            top: { order_set: { add_on: { marker_ids: [] } }, collection_method: 'testkit' },
          }),
        ),
      ).toEqual({ 'order_set.add_on': [MESSAGES.addOnEmpty] });
    });
    it('accepts add-on markers by one kind of id with a collection method', () => {
      expect(
        check(
          order({
            top: { order_set: { add_on: { marker_ids: [1, 2] } }, collection_method: 'testkit' },
          }),
        ),
      ).toEqual({});
      expect(
        check(
          order({
            top: { order_set: { add_on: { provider_ids: ['001'] } }, collection_method: 'testkit' },
          }),
        ),
      ).toEqual({});
    });
    it('refuses add-on without a collection method', () => {
      expect(check(order({ top: { order_set: { add_on: { marker_ids: [1] } } } }))).toEqual({
        collection_method: [MESSAGES.addOnNeedsCollectionMethod],
      });
    });
    it('refuses lab tests together with add-on', () => {
      expect(
        check(
          order({
            top: {
              order_set: { lab_test_ids: [TEST_A], add_on: { marker_ids: [1] } },
              collection_method: 'testkit',
            },
          }),
        ),
      ).toEqual({ order_set: [MESSAGES.testsAndAddOn] });
    });
    it('refuses an order with nothing to order', () => {
      expect(check(order({ top: { order_set: { lab_test_ids: [] } } }))).toEqual({
        'order_set.lab_test_ids': [MESSAGES.nothingToOrder],
      });
      expect(check(order({ top: { order_set: null } }))).toEqual({
        'order_set.lab_test_ids': [MESSAGES.nothingToOrder],
      });
    });
    it('accepts the deprecated lab_test_id alone, refuses it with an order set', () => {
      expect(check(order({ top: { order_set: undefined, lab_test_id: TEST_A } }))).toEqual({});
      expect(check(order({ top: { lab_test_id: TEST_B } }))).toEqual({
        lab_test_id: [MESSAGES.labTestIdWithOrderSet],
      });
    });
    it('refuses two different lab accounts', () => {
      expect(
        check(
          order({
            top: {
              lab_account_id: ACCOUNT_A,
              order_set: { lab_test_ids: [TEST_A], lab_account_id: ACCOUNT_B },
            },
          }),
        ),
      ).toEqual({ 'order_set.lab_account_id': [MESSAGES.labAccountConflict] });
      expect(
        requestedLabAccountId({ lab_account_id: ACCOUNT_A, order_set: { lab_account_id: null } }),
      ).toBe(ACCOUNT_A);
    });
  });

  describe('health insurance', () => {
    const details = {
      first_name: 'Sam',
      last_name: 'Smith',
      address,
      phone_number: '555 123 4567',
    };
    it.each(['Spouse', 'Other'])(
      'requires responsible details when the relationship is %s',
      (rel) => {
        expect(
          check(order({ top: { health_insurance: { responsible_relationship: rel } } })),
        ).toEqual({
          'health_insurance.responsible_details': [MESSAGES.responsibleDetailsRequired],
        });
      },
    );
    it('accepts Spouse with details (phone type defaults to Mobile) and Self without', () => {
      const result = schema.safeParse(
        order({
          top: {
            health_insurance: { responsible_relationship: 'Spouse', responsible_details: details },
          },
        }),
      );
      expect(result.error?.issues).toBeUndefined();
      expect(result.data?.health_insurance?.responsible_details?.phone_type).toBe('Mobile');
      expect(
        check(order({ top: { health_insurance: { responsible_relationship: 'Self' } } })),
      ).toEqual({});
      expect(check(order({ top: { health_insurance: {} } }))).toEqual({});
    });
    it('refuses an unknown relationship and bad images', () => {
      expect(
        check(
          order({
            top: {
              health_insurance: {
                responsible_relationship: 'Cousin',
                front_image: { content: 'not base64!', content_type: 'image/gif' },
              },
            },
          }),
        ),
      ).toEqual({
        'health_insurance.responsible_relationship': [MESSAGES.choice],
        'health_insurance.front_image.content': [MESSAGES.imageContent],
        'health_insurance.front_image.content_type': [MESSAGES.imageType],
      });
    });
  });

  describe('physician', () => {
    const physician = { first_name: 'Grace', last_name: 'Hopper', npi: '1234567893' };
    it('accepts a valid NPI and defaults licensed states to none', () => {
      const result = physicianSchema.safeParse(physician);
      expect(result.data?.licensed_states).toEqual([]);
      expect(isValidNpi('1234567893')).toBe(true);
    });
    it.each(['1234567890', '123456789', '12345678931', 'ABCDEFGHIJ', ''])(
      'refuses NPI %j',
      (npi) => {
        expect(check({ ...physician, npi }, physicianSchema)).toEqual({ npi: [MESSAGES.npi] });
      },
    );
    it('refuses a bad email, a non-state and a missing last name', () => {
      expect(
        check(
          { first_name: 'Grace', npi: '1234567893', email: 'x@', licensed_states: ['NY', 'XX'] },
          physicianSchema,
        ),
      ).toEqual({
        last_name: [MESSAGES.required],
        email: [MESSAGES.email],
        'licensed_states.1': [MESSAGES.stateCode],
      });
    });
    it('refuses a signature image over 10 MB', () => {
      const content = 'A'.repeat(Math.ceil((10 * 1024 * 1024) / 3) * 4 + 4);
      expect(
        check(
          { ...physician, signature_image: { content, content_type: 'image/jpeg' } },
          physicianSchema,
        ),
      ).toEqual({ 'signature_image.content': [MESSAGES.imageTooLarge] });
    });
  });

  describe('ICD-10 codes', () => {
    it.each(['E11.9', 'Z00.00', 'I10', 'e119', 'S72.001A', ' m54.5 '])('accepts %j', (code) => {
      expect(check(order({ top: { icd_codes: [code] } }))).toEqual({});
    });
    it.each(['E1', '11.9', 'E11.', 'E11.12345', 'EE1.9', 'E11-9', ''])('refuses %j', (code) => {
      expect(check(order({ top: { icd_codes: ['I10', code] } }))).toEqual({
        'icd_codes.1': [MESSAGES.icd10],
      });
    });
  });

  describe('consents', () => {
    it('accepts a consent with defaults', () => {
      const result = schema.parse(
        order({ top: { consents: [{ consentType: 'hipaa-authorization' }] } }),
      );
      expect(result.consents).toEqual([{ consentType: 'hipaa-authorization', version: '1.0' }]);
    });
    it('refuses an unknown type and a non ISO time', () => {
      expect(
        check(
          order({
            top: {
              consents: [
                { consentType: 'terms-of-use', timeOfConsent: 'yesterday' },
                { consentType: 'marketing' },
                {},
              ],
            },
          }),
        ),
      ).toEqual({
        'consents.0.timeOfConsent': [MESSAGES.dateTime],
        'consents.1.consentType': [MESSAGES.choice],
        'consents.2.consentType': [MESSAGES.required],
      });
    });
  });

  describe('activate_by', () => {
    it('accepts today and a future date, refuses the past', () => {
      expect(check(order({ top: { activate_by: TODAY } }))).toEqual({});
      expect(check(order({ top: { activate_by: '2026-12-31' } }))).toEqual({});
      expect(check(order({ top: { activate_by: '2026-03-14' } }))).toEqual({
        activate_by: [MESSAGES.activateByPast],
      });
      expect(check(order({ top: { activate_by: '15/03/2026' } }))).toEqual({
        activate_by: [MESSAGES.date],
      });
    });
  });

  describe('aoe answers', () => {
    it('refuses an empty answer and non-integer ids', () => {
      expect(
        check(order({ top: { aoe_answers: [{ marker_id: 1.5, question_id: '2', answer: ' ' }] } })),
      ).toEqual({
        'aoe_answers.0.marker_id': [MESSAGES.integer],
        'aoe_answers.0.question_id': [MESSAGES.integer],
        'aoe_answers.0.answer': [MESSAGES.aoeAnswer],
      });
    });
  });

  it('the default schema judges against the current UTC date', () => {
    const today = utcToday();
    expect(createOrderRequestSchema.safeParse(order({ top: { activate_by: today } })).success).toBe(
      true,
    );
    expect(() => createOrderRequestSchemaFor('15/03/2026')).toThrow();
  });
});

function proxy() {
  return {
    first_name: 'Pat',
    last_name: 'Parent',
    address,
    phone_number: '+1 555 000 1111',
  };
}

describe('dates', () => {
  it('computes ages from date parts', () => {
    expect(ageOn('2008-03-15', '2026-03-15')).toBe(18);
    expect(ageOn('2008-03-16', '2026-03-15')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(isMinorOn('2010-01-01', TODAY)).toBe(true);
    expect(utcToday(new Date('2026-03-15T23:59:59-05:00'))).toBe('2026-03-16');
  });
  it('patient details alone apply the same rules', () => {
    const details = patientDetailsSchemaFor(TODAY);
    expect(
      check({ ...(validOrder().patient_details as Patch), dob: '2015-06-01' }, details),
    ).toEqual({ medical_proxy: [MESSAGES.medicalProxyRequired] });
  });
  it('patient address alone', () => {
    expect(check({ ...address, zip: '1234' }, patientAddressSchema)).toEqual({
      zip: [MESSAGES.zip],
    });
  });
});

describe('orderCrossChecks', () => {
  const quest = { slug: 'quest' };
  const labcorp = { slug: 'labcorp' };
  const walkIn = { id: TEST_A, method: 'walk_in_test', lab: quest };
  const request = { order_set: { lab_test_ids: [TEST_A] }, physician: null };

  it('requires a physician for delegated accounts', () => {
    for (const flow of ['order_delegated', 'fully_delegated']) {
      expect(
        orderCrossChecks(request, { labAccount: { delegated_flow: flow }, labTests: [walkIn] }),
      ).toEqual([{ path: ['physician'], message: MESSAGES.physicianRequired }]);
    }
  });
  it('does not for not_delegated, result_delegated or the platform account', () => {
    for (const flow of ['not_delegated', 'result_delegated']) {
      expect(
        orderCrossChecks(request, { labAccount: { delegated_flow: flow }, labTests: [walkIn] }),
      ).toEqual([]);
    }
    expect(orderCrossChecks(request, { labAccount: null, labTests: [walkIn] })).toEqual([]);
  });
  it('accepts a delegated account with a physician', () => {
    expect(
      orderCrossChecks(
        { ...request, physician: { first_name: 'G', last_name: 'H', npi: '1234567893' } },
        { labAccount: { delegated_flow: 'fully_delegated' }, labTests: [walkIn] },
      ),
    ).toEqual([]);
  });
  it('refuses lab tests of two labs', () => {
    expect(
      orderCrossChecks(
        { order_set: { lab_test_ids: [TEST_A, TEST_B] } },
        { labTests: [walkIn, { id: TEST_B, method: 'walk_in_test', lab: labcorp }] },
      ),
    ).toEqual([{ path: ['order_set', 'lab_test_ids'], message: MESSAGES.sameLab }]);
  });
  it('refuses lab tests of two collection methods', () => {
    expect(
      orderCrossChecks(
        { order_set: { lab_test_ids: [TEST_A, TEST_B] } },
        { labTests: [walkIn, { id: TEST_B, method: 'testkit', lab: quest }] },
      ),
    ).toEqual([{ path: ['order_set', 'lab_test_ids'], message: MESSAGES.sameMethod }]);
  });
  it('refuses a collection method that does not match the tests', () => {
    expect(
      orderCrossChecks({ ...request, collection_method: 'testkit' }, { labTests: [walkIn] }),
    ).toEqual([
      { path: ['collection_method'], message: MESSAGES.collectionMethodMismatch('walk_in_test') },
    ]);
    expect(
      orderCrossChecks({ ...request, collection_method: 'walk_in_test' }, { labTests: [walkIn] }),
    ).toEqual([]);
  });
  it('refuses tests of another lab than the account', () => {
    expect(
      orderCrossChecks(
        { lab_test_id: TEST_A },
        { labAccount: { delegated_flow: 'not_delegated', lab: 'labcorp' }, labTests: [walkIn] },
      ),
    ).toEqual([{ path: ['lab_test_id'], message: MESSAGES.labAccountLabMismatch }]);
  });
});

describe('resolveLabAccount', () => {
  const active = { id: ACCOUNT_A, status: 'active' };
  const pending = { id: ACCOUNT_B, status: 'pending' };
  it('uses the named account when active', () => {
    expect(resolveLabAccount(ACCOUNT_A, [active, pending])).toEqual({ account: active });
    expect(resolveLabAccount(ACCOUNT_B, [active, pending]).issue?.message).toBe(
      MESSAGES.labAccountNotActive,
    );
    expect(resolveLabAccount(USER_ID, [active]).issue?.message).toBe(MESSAGES.labAccountNotFound);
  });
  it('resolves an omitted account per the facts', () => {
    expect(resolveLabAccount(null, [])).toEqual({ account: null });
    expect(resolveLabAccount(undefined, [active, pending])).toEqual({ account: active });
    expect(resolveLabAccount(null, [active, { ...pending, status: 'active' }]).issue).toEqual({
      path: ['lab_account_id'],
      message: MESSAGES.labAccountAmbiguous,
    });
    expect(resolveLabAccount(null, [pending]).issue?.message).toBe(MESSAGES.labAccountNoneActive);
  });
});
