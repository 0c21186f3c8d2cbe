import { validationErrorSchema } from '../../../../contract/errors';
import { issuesByField } from '../../../../contract/validation';
import { isApiError } from '../../../shared/api/client';

/**
 * The messages of a Lab API 422, by dotted field path (`''` for the form as a whole),
 * so each lands next to its field; null for any other failure.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const parsed = validationErrorSchema.safeParse(error.body);
  const detail = (parsed.success ? parsed.data.detail : undefined) ?? [];
  return issuesByField(detail.length > 0 ? detail : error.message);
}
