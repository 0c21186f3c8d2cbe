import { userConflictErrorSchema } from '../../../contract/errors';
import { isApiError } from '../api/client';

/** The existing patient a 400 "client user id already exists" names, if that is the error. */
export function existingPatientOf(error: unknown): { userId: string; createdOn: string } | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const parsed = userConflictErrorSchema.safeParse(error.body);
  return parsed.success
    ? { userId: parsed.data.detail.user_id, createdOn: parsed.data.detail.created_on }
    : null;
}
