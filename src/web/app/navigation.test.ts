import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';

describe('navItemsFor', () => {
  it('offers ordering to coordinators and admins only, wearables to all but ops', () => {
    const labels = (role: Parameters<typeof navItemsFor>[0]) =>
      navItemsFor(role).map((i) => i.label);
    expect(labels('coordinator')).toEqual(['Orders', 'New order', 'Lab reports', 'Wearables']);
    expect(labels('admin')).toEqual([
      'Orders',
      'New order',
      'Unmatched results',
      'Lab reports',
      'Wearables',
    ]);
    expect(labels('clinician')).toEqual(['Orders', 'Lab reports', 'Wearables']);
    expect(labels('ops')).toEqual(['Orders', 'Unmatched results', 'Lab reports']);
  });
});
