import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../contract';
import { CSV_HEADER, csvLine } from './auditCsv';

const row: AuditRow = {
  id: 7,
  at: '2026-12-01T10:00:00.000Z',
  account_email: 'ada@demo.test',
  role: 'admin',
  action: 'PATCH /api/admin/accounts/{id}',
  record_type: 'console_account',
  record_id: 'acc-1',
  outcome: 200,
  request_id: 'req-1',
  patient_id: 'patient-9',
  client_address: '203.0.113.5',
  detail: { changes: { role: { before: 'clinician', after: 'admin' } } },
};

describe('the audit CSV', () => {
  it('has the patient, the address and the detail as columns', () => {
    expect(CSV_HEADER.trimEnd().split(',').slice(-3)).toEqual([
      'patient_id',
      'client_address',
      'detail',
    ]);
  });

  it('writes the detail in words, not as an object', () => {
    expect(csvLine(row).trimEnd().split(',').slice(-3)).toEqual([
      'patient-9',
      '203.0.113.5',
      'role: clinician → admin',
    ]);
  });

  it('names a sign-in outcome and the missing claim', () => {
    const signIn = csvLine({
      ...row,
      detail: { reason: 'sso-no-role', missing_claim: 'groups' },
    });
    expect(signIn).toContain('Single sign-on: no role for this person; missing claim: groups');
  });
});
