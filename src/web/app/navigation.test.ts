import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';

describe('navItemsFor', () => {
  it('offers ordering to coordinators and admins, the review queue to ops, wearables to all but ops', () => {
    const labels = (role: Parameters<typeof navItemsFor>[0]) =>
      navItemsFor(role).map((i) => i.label);
    const ordering = ['Orders', 'New order', 'Test kits', 'Patients'];
    expect(labels('coordinator')).toEqual([...ordering, 'Lab reports', 'Wearables']);
    expect(labels('admin')).toEqual([...ordering, 'Unmatched results', 'Lab reports', 'Wearables']);
    expect(labels('clinician')).toEqual(['Orders', 'Patients', 'Lab reports', 'Wearables']);
    expect(labels('ops')).toEqual(['Orders', 'Unmatched results', 'Lab reports']);
  });
});
