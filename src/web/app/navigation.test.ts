import { describe, expect, it } from 'vitest';
import { navItemsFor, navSectionsFor } from './navigation';

const administration = [
  'Accounts',
  'Audit trail',
  'Webhook inbox',
  'Webhook endpoints',
  'API keys',
  'Management keys',
  'Teams',
];

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
    expect(navSectionsFor('ops').map((s) => s.group)).toEqual([null]);
  });

  it('keeps a coordinator’s daily screens in the row and the rest under More, so it fits one line', () => {
    const sections = (role: Parameters<typeof navSectionsFor>[0]) =>
      navSectionsFor(role).map((s) => [s.group, s.items.map((i) => i.label)]);
    expect(sections('coordinator')).toEqual([
      [null, ['Orders', 'New order', 'Patients', 'Results', 'Wearables']],
      ['More', ['Test kits', 'Lab reports', 'Lab tests']],
    ]);
    expect(sections('clinician')).toEqual([
      [null, ['Orders', 'Patients', 'Results', 'Wearables']],
      ['More', ['Lab reports', 'Lab tests']],
    ]);
    // Ops work in lab reports; their one little-used link stays in the row, as no menu of
    // one link is worth the extra click.
    expect(sections('ops')).toEqual([
      [null, ['Orders', 'Patients', 'Unmatched results', 'Lab reports', 'Lab tests']],
    ]);
  });
});
