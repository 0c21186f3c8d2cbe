import { describe, expect, it } from 'vitest';

const administration = [
  'Accounts',
  'Audit trail',
  'Webhook inbox',
  'Webhook endpoints',
  'API keys',
  'Management keys',
  'Teams',
];
import { navItemsFor, navSectionsFor } from './navigation';

describe('navItemsFor', () => {
  it('offers ordering to coordinators, the review queue to ops, wearables to coordinators and clinicians', () => {
    const labels = (role: Parameters<typeof navItemsFor>[0]) =>
      navItemsFor(role).map((i) => i.label);
    const ordering = ['Orders', 'New order', 'Test kits', 'Patients'];
    expect(labels('coordinator')).toEqual([
      ...ordering,
      'Results',
      'Lab reports',
      'Wearables',
      'Lab tests',
    ]);
    expect(labels('admin')).toEqual(['Orders', 'Lab tests', ...administration]);
    expect(labels('clinician')).toEqual([
      'Orders',
      'Patients',
      'Results',
      'Lab reports',
      'Wearables',
      'Lab tests',
    ]);
    expect(labels('ops')).toEqual([
      'Orders',
      'Patients',
      'Unmatched results',
      'Lab reports',
      'Lab tests',
    ]);
  });

  it('gathers the admins’ links in an Administration group, which other roles never see', () => {
    const admin = navSectionsFor('admin').map((s) => [s.group, s.items.map((i) => i.label)]);
    expect(admin).toEqual([
      [null, ['Orders', 'Lab tests']],
      ['Administration', administration],
    ]);
    expect(navSectionsFor('coordinator').map((s) => s.group)).toEqual([null]);
  });
});
