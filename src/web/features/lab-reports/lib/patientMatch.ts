/*
 * Does the report name the patient it was uploaded for? A report filed under the wrong
 * patient puts another person's results in their record, so any disagreement the report
 * shows (name or date of birth) is flagged; a field the report does not print is no
 * disagreement, it simply cannot confirm. A middle name printed on one side only is a
 * difference too: a person decides, the page only points at it.
 */

export interface NamedPerson {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  dob: string | null | undefined;
}

export type PatientMatch =
  | { kind: 'matches' }
  | { kind: 'unconfirmed' }
  | { kind: 'differs'; fields: ('name' | 'date of birth')[] };

const normalize = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A date of birth may come as a date-time (midnight UTC): its day is what counts. */
const day = (s: string | null | undefined) => /^\d{4}-\d{2}-\d{2}/.exec(s ?? '')?.[0];

export function matchPatient(report: NamedPerson, chosen: NamedPerson): PatientMatch {
  const fields: ('name' | 'date of birth')[] = [];
  const reportName = normalize(`${report.firstName ?? ''} ${report.lastName ?? ''}`);
  const chosenName = normalize(`${chosen.firstName ?? ''} ${chosen.lastName ?? ''}`);
  const nameKnown = reportName !== '' && chosenName !== '';
  if (nameKnown && reportName !== chosenName) fields.push('name');
  const [reportDob, chosenDob] = [day(report.dob), day(chosen.dob)];
  const dobKnown = reportDob !== undefined && chosenDob !== undefined;
  if (dobKnown && reportDob !== chosenDob) fields.push('date of birth');
  if (fields.length > 0) return { kind: 'differs', fields };
  return nameKnown || dobKnown ? { kind: 'matches' } : { kind: 'unconfirmed' };
}
