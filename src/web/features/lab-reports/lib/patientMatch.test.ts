import { describe, expect, it } from 'vitest';
import { matchPatient } from './patientMatch';

const ada = { firstName: 'Ada', lastName: 'Lovelace', dob: '1980-02-03' };

describe('matchPatient', () => {
  it('accepts the same person whatever the case and accents', () => {
    expect(matchPatient({ firstName: 'ADA', lastName: 'lovelace', dob: null }, ada)).toEqual({
      kind: 'matches',
    });
    expect(
      matchPatient(
        { firstName: 'Zoë', lastName: 'Doe', dob: null },
        { firstName: 'Zoe', lastName: 'Doe', dob: '1990-01-01' },
      ),
    ).toEqual({ kind: 'matches' });
    expect(matchPatient(ada, { ...ada, dob: '1980-02-03T00:00:00Z' })).toEqual({
      kind: 'matches',
    });
  });

  it('flags another name, another date of birth, or both', () => {
    expect(matchPatient({ ...ada, firstName: 'Grace', lastName: 'Hopper' }, ada)).toEqual({
      kind: 'differs',
      fields: ['name'],
    });
    expect(matchPatient({ ...ada, dob: '1906-12-09' }, ada)).toEqual({
      kind: 'differs',
      fields: ['date of birth'],
    });
    expect(
      matchPatient({ firstName: 'Grace', lastName: 'Hopper', dob: '1906-12-09' }, ada),
    ).toEqual({ kind: 'differs', fields: ['name', 'date of birth'] });
  });

  it('cannot confirm a report that prints neither name nor date of birth', () => {
    expect(matchPatient({ firstName: null, lastName: null, dob: null }, ada)).toEqual({
      kind: 'unconfirmed',
    });
  });
});
