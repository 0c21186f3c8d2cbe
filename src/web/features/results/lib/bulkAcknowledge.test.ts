import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../../contract/resultsInbox';
import { bulkQuestion, selectableAtOnce } from './bulkAcknowledge';

const item = (id: string, fields: Partial<InboxItem>): InboxItem => ({
  order_id: id,
  user_id: 'u',
  patient_name: 'Ada Lovelace',
  lab_test_id: 't',
  lab_test_name: 'Lipid panel',
  status: 'completed',
  version: `completed:${id}`,
  interpretation: 'normal',
  reported_at: '2026-11-01T10:00:00Z',
  overdue: false,
  reopened: false,
  ...fields,
});

describe('acknowledging normal results together', () => {
  const final = item('1', {});
  const partial = item('2', { status: 'partial_results' });
  const corrected = item('4', { status: 'corrected' });
  const items = [final, partial, item('3', { interpretation: 'critical' }), corrected];

  it('selects the final normal results at once, leaving partial and abnormal ones', () => {
    expect(selectableAtOnce(items).map((i) => i.order_id)).toEqual(['1', '4']);
  });

  it('asks naming how many, and how many are partial', () => {
    expect(bulkQuestion([final])).toBe('Acknowledge 1 normal result?');
    expect(bulkQuestion([final, partial, corrected])).toBe(
      'Acknowledge 3 normal results, 1 of them partial?',
    );
  });
});
