import { describe, expect, it } from 'vitest';
import { parsedResultSchema } from '../../../../contract/parsingJobs';
import { describeUnreadRows, unreadRows } from './unreadRows';

const result = (type: string, status: string) =>
  parsedResultSchema.parse({
    test_name: 'Glucose',
    value: '92',
    type,
    loinc_match_status: status,
  });

describe('unreadRows', () => {
  it('counts text given where a value was expected, not read values or matched comments', () => {
    expect(
      unreadRows([
        result('numeric', 'auto_match'),
        result('comment', 'needs_review'),
        result('comment', 'no_match'),
        result('comment', 'auto_match'),
      ]),
    ).toBe(2);
  });

  it('says how many rows, or nothing', () => {
    expect(describeUnreadRows(0)).toBeNull();
    expect(describeUnreadRows(1)).toBe(
      '1 row could not be read: shown as printed, check it against the report.',
    );
    expect(describeUnreadRows(3)).toMatch(/^3 rows could not be read/);
  });
});
