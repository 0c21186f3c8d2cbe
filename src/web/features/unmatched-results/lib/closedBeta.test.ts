import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { isClosedBetaError } from './closedBeta';

describe('isClosedBetaError', () => {
  it("recognises the Lab API's 400 with a text detail, not the BFF's problem answers", () => {
    expect(isClosedBetaError(new ApiError(400, null, 'not enabled for this team'))).toBe(true);
    const problem = { type: 'about:blank', title: 'Bad request', status: 400 };
    expect(isClosedBetaError(new ApiError(400, problem, 'Bad request'))).toBe(false);
    expect(isClosedBetaError(new ApiError(404, null, 'Not found'))).toBe(false);
    expect(isClosedBetaError(new Error('boom'))).toBe(false);
  });
});
