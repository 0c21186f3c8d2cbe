import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../src/contract';
import { README_PATH, renderRolesTable, withRolesTable } from './roles-table';

describe("the README's roles table", () => {
  it('is the one generated from the permission table (run npm run docs:roles)', async () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(await withRolesTable(readme)).toBe(readme);
  });

  it('has a row per permission and a mark per role holding it', () => {
    const table = renderRolesTable().split('\n');
    expect(table).toHaveLength(2 + Object.keys(PERMISSIONS).length);
    const admin = table.find((row) => row.includes('`administration`'));
    expect(admin?.match(/✓/g)).toHaveLength(1);
    expect(admin?.trim().endsWith('| ✓ |')).toBe(true);
  });
});
