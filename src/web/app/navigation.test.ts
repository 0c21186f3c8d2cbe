import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';

describe('navItemsFor', () => {
  it('offers ordering to coordinators and admins only', () => {
    const ordering = ['Orders', 'New order', 'Test kits', 'Patients'];
    expect(navItemsFor('coordinator').map((i) => i.label)).toEqual(ordering);
    expect(navItemsFor('admin').map((i) => i.label)).toEqual(ordering);
    expect(navItemsFor('clinician').map((i) => i.label)).toEqual(['Orders', 'Patients']);
    expect(navItemsFor('ops').map((i) => i.label)).toEqual(['Orders']);
  });
});
