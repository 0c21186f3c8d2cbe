import { describe, expect, it } from 'vitest';
import { orderProgress } from './formProgress';

const states = (result: ReturnType<typeof orderProgress>) =>
  Object.fromEntries(result.map(({ section, state }) => [section.id, state]));

describe('orderProgress', () => {
  it('marks what is missing as to do, and optional sections as optional', () => {
    const result = states(orderProgress({}, {}, { hasQuestions: false, physicianRequired: false }));
    expect(result).toEqual({
      patient: 'todo',
      details: 'todo',
      address: 'todo',
      tests: 'todo',
      physician: 'optional',
      insurance: 'optional',
      billing: 'optional',
      consents: 'optional',
      notes: 'optional',
    });
  });

  it('marks filled sections complete, and a section with an error as such', () => {
    const result = states(
      orderProgress(
        {
          user_id: '4b3a2d1c-0000-4000-8000-000000000000',
          lab_account_id: 'acc',
          order_set: { lab_test_ids: ['t1'] },
          patient_address: {
            first_line: '1 A St',
            city: 'Austin',
            state: 'TX',
            zip: '7870',
            country: 'US',
          },
        },
        { patient_address: { zip: { type: 'custom', message: 'Enter a ZIP code' } } },
        { hasQuestions: true, physicianRequired: true },
      ),
    );
    expect(result.patient).toBe('complete');
    expect(result.tests).toBe('complete');
    expect(result.address).toBe('error');
    expect(result.questions).toBe('todo');
    expect(result.physician).toBe('todo');
  });
});
