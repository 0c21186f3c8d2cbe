import {
  ACCOUNT_DISABLED_CODE,
  ACCOUNT_DISABLED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
} from '../../../../contract/console';
import { describeError, isApiError } from '../../../shared/api/client';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many sign-in attempts. Wait a minute and try again.';

/** The sign-in page and the "Sign in again" dialog say the same about a refused sign-in. */
export function signInErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 401) return LOGIN_FAILED_MESSAGE;
  // Said only after a correct password, so it reveals no account to a guesser.
  if (
    isApiError(error) &&
    error.status === 403 &&
    error.problem?.['code'] === ACCOUNT_DISABLED_CODE
  ) {
    return error.problem.detail ?? ACCOUNT_DISABLED_MESSAGE;
  }
  if (isApiError(error) && error.status === 429) return TOO_MANY_ATTEMPTS_MESSAGE;
  return describeError(error);
}
