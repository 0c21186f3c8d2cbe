import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationErrorSchema } from './errors';
import { MESSAGES } from './messages';
import { createOrderRequestSchemaFor } from './orderRequest';
import { issuesByField, toValidationDetail } from './validation';

const schema = createOrderRequestSchemaFor('2026-03-15');

const body = {
  user_id: '0b6a2f9e-6a3b-4f6e-9a51-3f1c2a8b7d10',
  order_set: { lab_test_ids: ['5f1b9c1e-2d3a-4b5c-8d7e-1a2b3c4d5e6f'] },
  clinical_notes: 'x'.repeat(1001),
  patient_details: {
    first_name: 'Ada',
    dob: '2015-01-01',
    gender: 'female',
    phone_number: '+1 555 123 4567',
    email: 'ada@example.com',
  },
  patient_address: {
    first_line: '1 Main St',
    city: 'Phoenix',
    state: 'AZ',
    zip: '1234',
    country: 'US',
  },
  consents: [{ consentType: 'nope' }],
};

describe('toValidationDetail', () => {
  it('answers the pydantic 422 shape with body-prefixed locations', () => {
    const error = schema.safeParse(body).error;
    expect(error).toBeDefined();
    if (!error) return;
    const result = toValidationDetail(error, 'body', body);
    expect(validationErrorSchema.safeParse(result).success).toBe(true);
    expect(result.detail).toEqual(
      expect.arrayContaining([
        {
          loc: ['body', 'patient_details', 'last_name'],
          msg: MESSAGES.required,
          type: 'missing',
        },
        {
          loc: ['body', 'clinical_notes'],
          msg: MESSAGES.clinicalNotesTooLong(1),
          type: 'string_too_long',
          ctx: { max_length: 1000 },
        },
        {
          loc: ['body', 'patient_address', 'zip'],
          msg: MESSAGES.zip,
          type: 'string_pattern_mismatch',
          ctx: { pattern: expect.any(String) as unknown },
        },
        {
          loc: ['body', 'consents', 0, 'consentType'],
          msg: MESSAGES.choice,
          type: 'enum',
          ctx: { expected: expect.any(String) as unknown },
        },
        {
          loc: ['body', 'patient_details', 'medical_proxy'],
          msg: MESSAGES.medicalProxyRequired,
          type: 'value_error',
        },
      ]),
    );
    expect(result.detail).toHaveLength(5);
  });

  it('knows a missing field without the input, and a wrong type', () => {
    const query = z.object({ user_id: z.uuid(), page: z.number() });
    const error = query.safeParse({ page: 'x' }).error;
    if (!error) throw new Error('expected an error');
    expect(toValidationDetail(error, 'query').detail.map((d) => [d.loc, d.type])).toEqual([
      [['query', 'user_id'], 'missing'],
      [['query', 'page'], 'float_type'],
    ]);
  });

  it('lists unknown keys of a strict schema one by one', () => {
    const error = z.strictObject({ a: z.string() }).safeParse({ a: 'x', b: 1, c: 2 }).error;
    if (!error) throw new Error('expected an error');
    expect(toValidationDetail(error, 'body').detail.map((d) => d.loc)).toEqual([
      ['body', 'b'],
      ['body', 'c'],
    ]);
  });
});

describe('issuesByField', () => {
  it('round-trips a schema error onto form fields', () => {
    const error = schema.safeParse(body).error;
    if (!error) throw new Error('expected an error');
    expect(issuesByField(toValidationDetail(error, 'body', body).detail)).toEqual({
      'patient_details.last_name': MESSAGES.required,
      'patient_details.medical_proxy': MESSAGES.medicalProxyRequired,
      clinical_notes: MESSAGES.clinicalNotesTooLong(1),
      'patient_address.zip': MESSAGES.zip,
      'consents.0.consentType': MESSAGES.choice,
    });
  });

  it('keeps the first message of a field and puts whole-body problems under ""', () => {
    expect(
      issuesByField([
        { loc: ['body', 'patient_details', 'first_name'], msg: 'first', type: 'value_error' },
        { loc: ['body', 'patient_details', 'first_name'], msg: 'second', type: 'value_error' },
        { loc: ['body'], msg: 'whole', type: 'value_error' },
        { loc: ['query', 'page'], msg: 'page', type: 'value_error' },
      ]),
    ).toEqual({ 'patient_details.first_name': 'first', '': 'whole', 'query.page': 'page' });
    expect(issuesByField('Lab account not found')).toEqual({ '': 'Lab account not found' });
  });
});
