import { describe, expect, it } from 'vitest';
import { ALLOW_LIST } from '../bff/labProxy/allowList';
import { recordPage } from '../web/features/audit-trail/lib/recordPage';

describe('the audit screen links each audited record to its page', () => {
  it('opens the order for every audited call the proxy keys by order id', () => {
    const byOrder = ALLOW_LIST.filter((call) => call.audit?.idParam === 'order_id');
    expect(byOrder.length).toBeGreaterThan(0);
    for (const call of byOrder) {
      expect([call.path, recordPage(call.audit?.recordType ?? '')]).toEqual([call.path, 'order']);
    }
  });

  it('opens the patient for records keyed by user id, and nothing for unknown kinds', () => {
    const byUser = ALLOW_LIST.filter((call) => call.audit?.idParam === 'user_id');
    for (const call of byUser) {
      expect([call.path, recordPage(call.audit?.recordType ?? '')]).toEqual([call.path, 'patient']);
    }
    expect(recordPage('order_transaction')).toBeNull();
    expect(recordPage('something_new')).toBeNull();
  });
});
