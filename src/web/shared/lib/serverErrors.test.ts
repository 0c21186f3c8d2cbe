import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { FIELDS_REFUSED, applyServerErrors, fieldErrorsOf } from './serverErrors';

describe('fieldErrorsOf', () => {
  it('places each 422 issue on its field, without the body prefix', () => {
    const error = new ApiError(422, null, 'Unprocessable', {
      detail: [
        { loc: ['body', 'patient_address', 'zip'], msg: 'Enter a ZIP code', type: 'value_error' },
        { loc: ['body', 'user_id'], msg: 'Field required', type: 'missing' },
      ],
    });
    expect(fieldErrorsOf(error)).toEqual({
      'patient_address.zip': 'Enter a ZIP code',
      user_id: 'Field required',
    });
  });

  it('keeps a plain-text 422 for the form as a whole, and ignores other failures', () => {
    const text = new ApiError(422, null, 'Unprocessable', { detail: 'Lab account is suspended' });
    expect(fieldErrorsOf(text)).toEqual({ '': 'Lab account is suspended' });
    expect(fieldErrorsOf(new ApiError(400, null, 'Bad request', { detail: [] }))).toBeNull();
    expect(fieldErrorsOf(new Error('network'))).toBeNull();
  });
});

describe('applyServerErrors', () => {
  /** A form's setError, recording what it was asked to show. */
  const recordingForm = () => {
    const shown: Record<string, { type?: string; message?: string }> = {};
    return {
      shown,
      setError: (name: string, error: { type?: string; message?: string }) =>
        void (shown[name] = error),
    };
  };

  it('puts each refused field’s message on it and says so above the form', () => {
    const form = recordingForm();
    const error = new ApiError(422, null, 'Unprocessable', {
      detail: [{ loc: ['body', 'patient_details', 'dob'], msg: 'Too young', type: 'value_error' }],
    });
    expect(applyServerErrors(form, error)).toEqual({
      problem: FIELDS_REFUSED,
      fields: ['patient_details.dob'],
    });
    expect(form.shown).toEqual({ 'patient_details.dob': { type: 'server', message: 'Too young' } });
  });

  it('gives the API’s words for the whole form, and leaves other failures to the caller', () => {
    const form = recordingForm();
    const text = new ApiError(422, null, 'Unprocessable', { detail: 'Lab account is suspended' });
    expect(applyServerErrors(form, text)).toEqual({
      problem: 'Lab account is suspended',
      fields: [],
    });
    expect(applyServerErrors(form, new ApiError(500, null, 'Oops', null))).toBeNull();
    expect(form.shown).toEqual({});
  });
});
