import { describe, expect, it } from 'vitest';
import { DECOY_HASH, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
  });

  it('salts each hash and never matches the decoy', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    expect(await verifyPassword('', DECOY_HASH)).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
