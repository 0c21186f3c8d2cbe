import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { fieldErrorsOf } from './serverErrors';

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
