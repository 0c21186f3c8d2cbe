import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';

describe('navItemsFor', () => {
  it('offers ordering to coordinators and admins only', () => {
    expect(navItemsFor('coordinator').map((i) => i.label)).toEqual(['Orders', 'New order']);
    expect(navItemsFor('admin').map((i) => i.label)).toEqual(['Orders', 'New order']);
    expect(navItemsFor('clinician').map((i) => i.label)).toEqual(['Orders']);
    expect(navItemsFor('ops').map((i) => i.label)).toEqual(['Orders']);
  });
});
