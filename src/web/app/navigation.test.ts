import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';

describe('navItemsFor', () => {
  it('offers ordering to coordinators and admins only, wearables to all but ops', () => {
    expect(navItemsFor('coordinator').map((i) => i.label)).toEqual([
      'Orders',
      'New order',
      'Wearables',
    ]);
    expect(navItemsFor('admin').map((i) => i.label)).toEqual(['Orders', 'New order', 'Wearables']);
    expect(navItemsFor('clinician').map((i) => i.label)).toEqual(['Orders', 'Wearables']);
    expect(navItemsFor('ops').map((i) => i.label)).toEqual(['Orders']);
  });
});
