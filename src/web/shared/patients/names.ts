import type { PatientSearchHit } from '../../../contract/userInfo';
import { formatBirthDate } from '../lib/format';
import type { ComboboxOption } from '../ui/AsyncCombobox';

/** People know patients by name: the id is what is left when no name is known. */
export function patientTitle(
  name: { first_name?: string | null; last_name?: string | null } | null | undefined,
  fallback: string,
): string {
  const full = [name?.first_name, name?.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return full || fallback;
}

export function bornOn(dob: string | null | undefined): string | null {
  return dob ? `born ${formatBirthDate(dob)}` : null;
}

/** A search hit as a combobox option: the name first, date of birth and id after it. */
export function searchHitOption(hit: PatientSearchHit): ComboboxOption {
  const id = hit.client_user_id ?? `user ${hit.user_id.slice(0, 8)}`;
  return {
    id: hit.user_id,
    label: patientTitle(hit, hit.client_user_id ?? 'Unnamed patient'),
    detail: [bornOn(hit.dob), id].filter(Boolean).join(' · '),
  };
}
