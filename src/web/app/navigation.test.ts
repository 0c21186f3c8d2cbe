import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';

describe('navItemsFor', () => {
  it('offers ordering to coordinators and admins only', () => {
    expect(navItemsFor('coordinator').map((i) => i.label)).toContain('New order');
    expect(navItemsFor('admin').map((i) => i.label)).toContain('New order');
    expect(navItemsFor('clinician').map((i) => i.label)).not.toContain('New order');
    expect(navItemsFor('ops').map((i) => i.label)).not.toContain('New order');
  });

  it('offers the unmatched-results queue to ops and admins, lab reports to everyone', () => {
    expect(navItemsFor('ops').map((i) => i.label)).toEqual([
      'Orders',
      'Unmatched results',
      'Lab reports',
    ]);
    expect(navItemsFor('admin').map((i) => i.label)).toContain('Unmatched results');
    expect(navItemsFor('coordinator').map((i) => i.label)).not.toContain('Unmatched results');
    expect(navItemsFor('clinician').map((i) => i.label)).toEqual(['Orders', 'Lab reports']);
  });
});
