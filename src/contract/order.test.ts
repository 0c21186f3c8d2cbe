import { describe, expect, it } from 'vitest';
import { UNNAMED_PATIENT, orderSchema, patientDisplayName } from './order';

describe('patientDisplayName', () => {
  it('names a patient from whichever name parts there are', () => {
    expect(patientDisplayName({ first_name: 'Avery', last_name: 'Brightwater' })).toBe(
      'Avery Brightwater',
    );
    expect(patientDisplayName({ first_name: null, last_name: 'Brightwater' })).toBe('Brightwater');
    expect(patientDisplayName({ first_name: ' ', last_name: undefined })).toBe(UNNAMED_PATIENT);
    expect(patientDisplayName(null)).toBe(UNNAMED_PATIENT);
  });
});

describe('orderSchema', () => {
  it('reads patient details with only a date of birth and a gender, and details without data', () => {
    const order = orderSchema.parse({
      id: 'de455962-d3a4-4136-a772-5521a08add2a',
      user_id: 'bbc71946-2c5c-422f-8924-04840280dcef',
      team_id: '9061f12d-108a-446c-94cd-95474957845e',
      patient_details: { dob: '2020-01-01T00:00:00+00:00', gender: 'male' },
      patient_address: null,
      lab_test: {
        id: '5b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10',
        slug: 'lipids',
        name: 'Lipids Panel',
        sample_type: 'serum',
        method: 'walk_in_test',
        price: 10,
        is_active: true,
        status: 'active',
        lab: null,
        markers: null,
      },
      details: { type: 'walk_in_test' },
      sample_id: null,
      notes: null,
      created_at: '2026-02-20T10:15:00+00:00',
      updated_at: '2026-02-20T10:15:00+00:00',
      events: [],
      last_event: {
        id: 1,
        created_at: '2026-02-20T10:15:00+00:00',
        status: 'received.walk_in_test.ordered',
      },
      health_insurance_id: null,
      requisition_form_url: null,
      shipping_details: null,
      has_abn: false,
    });
    expect(patientDisplayName(order.patient_details)).toBe(UNNAMED_PATIENT);
    expect(order.details.data).toBeUndefined();
  });
});
