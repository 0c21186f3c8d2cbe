import { isApiError } from '../../../shared/api/client';

/**
 * The Lab API answers 400 with a text `detail` when the team is not enabled for this
 * closed-beta feature (docs/lab-api-facts.md §9). The BFF's own refusals are problem JSON, so a 400
 * without one came from the Lab API.
 */
export function isClosedBetaError(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && error.problem === null;
}
