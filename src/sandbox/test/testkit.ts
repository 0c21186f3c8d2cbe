import { PATIENTS } from '../seed';
import { byMethod } from './ordering';

/* Test-kit requests: a kit for one seeded patient, registered with full details. */

export const KIT_USER = PATIENTS[2];
export const OTHER_PATIENT = PATIENTS[7];

export const KIT = (overrides: Record<string, unknown> = {}) => ({
  user_id: KIT_USER?.id,
  lab_test_id: byMethod('testkit').id,
  shipping_details: {
    receiver_name: 'Marisol Quintero-Vale',
    first_line: '310 E Saguaro Way',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85004',
    country: 'United States',
    phone_number: '+1 602 555 0102',
  },
  ...overrides,
});

export const registration = (sampleId: string, overrides: Record<string, unknown> = {}) => ({
  sample_id: sampleId,
  patient_details: {
    first_name: 'Wren',
    last_name: 'Halvorsen',
    dob: '1995-04-03',
    gender: 'other',
    phone_number: '+1 206 555 0107',
    email: 'wren@example.test',
  },
  patient_address: {
    first_line: '220 Pike Terrace',
    city: 'Seattle',
    state: 'WA',
    zip: '98101',
    country: 'United States',
  },
  consents: [{ consentType: 'terms-of-use', timeOfConsent: '2026-03-01T10:00:00Z' }],
  ...overrides,
});
