import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../contract/messages';
import type { LabAccount } from '../../../../contract/labAccount';
import type { LabTest } from '../../../../contract/labTest';
import { accountUnavailable, methodsOf, orderableTests } from './orderable';

const account = (lab: string, status: string) =>
  ({ id: `${lab}-${status}`, lab, status, delegated_flow: 'fully_delegated' }) as LabAccount;
const test = (id: string, lab: string, method: string, status = 'active') =>
  ({ id, lab: { slug: lab, name: lab }, method, status }) as unknown as LabTest;

describe('what the order forms offer', () => {
  it('says why a pending account cannot be chosen, and lets an active one be', () => {
    expect(accountUnavailable(account('bioreference', 'pending'))).toMatch(
      /Unavailable: this account is pending/,
    );
    expect(accountUnavailable(account('quest', 'active'))).toBeNull();
  });

  it('offers only active tests of labs with an active account', () => {
    const accounts = [account('quest', 'active'), account('labcorp', 'pending')];
    const tests = [
      test('a', 'quest', 'walk_in_test'),
      test('b', 'labcorp', 'testkit'),
      test('c', 'quest', 'testkit', 'inactive'),
    ];
    expect(orderableTests(tests, accounts).map((t) => t.id)).toEqual(['a']);
  });

  it('lists the collection methods the offered tests use', () => {
    const tests = [test('a', 'quest', 'walk_in_test'), test('b', 'quest', 'testkit')];
    expect(methodsOf(tests, ['testkit', 'walk_in_test', 'at_home_phlebotomy'])).toEqual([
      'testkit',
      'walk_in_test',
    ]);
  });
});

describe('the collection-method mismatch', () => {
  it('names the method in words, as the form’s choice reads', () => {
    const message = MESSAGES.collectionMethodMismatch('walk_in_test');
    expect(message).not.toMatch(/walk_in_test|walk in test/);
    expect(message).toContain('“Walk-in test”');
  });
});
