import { describe, expect, it } from 'vitest';
import { environmentBadge } from './environment';

describe('environmentBadge', () => {
  it('marks the local and real sandboxes as test data, and production as real patients', () => {
    expect(environmentBadge({ environment: 'local', region: null })).toMatchObject({
      label: 'Local sandbox',
      testData: true,
    });
    expect(environmentBadge({ environment: 'sandbox', region: 'eu' })).toMatchObject({
      label: 'Sandbox (EU)',
      testData: true,
    });
    const production = environmentBadge({ environment: 'production', region: 'us' });
    expect(production).toMatchObject({ label: 'Production (US)', testData: false });
    expect(production.description).toMatch(/real patients/);
    expect(environmentBadge({ environment: 'custom', region: null }).testData).toBe(false);
  });
});
