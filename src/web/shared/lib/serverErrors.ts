import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { validationErrorSchema } from '../../../contract/errors';
import { issuesByField } from '../../../contract/validation';
import { isApiError } from '../api/client';

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

/** What a form says above its fields when the Lab API refused some of them. */
export const FIELDS_REFUSED = 'The Lab API refused some fields: see the messages next to them.';

/** The part of a react-hook-form form this needs: any form's `setError` fits. */
interface ErrorTarget<Values extends FieldValues> {
  setError: UseFormSetError<Values>;
}

/**
 * The one mapping of a server refusal onto a form, used by every form that sends to the
 * Lab API: each 422 message is put on its field (as a `server` error, cleared when the
 * field changes), and the form-level problem is returned (the API's own words when it
 * gave some for the whole form, else `FIELDS_REFUSED`), with the fields it placed. Null
 * when the error is not a 422: the caller explains that failure its own way.
 */
export function applyServerErrors<Values extends FieldValues>(
  form: ErrorTarget<Values>,
  error: unknown,
): { problem: string; fields: string[] } | null {
  const byField = fieldErrorsOf(error);
  if (!byField) return null;
  const fields = Object.keys(byField).filter(Boolean);
  for (const field of fields) {
    form.setError(field as Path<Values>, { type: 'server', message: byField[field] ?? '' });
  }
  return { problem: byField[''] ?? FIELDS_REFUSED, fields };
}
