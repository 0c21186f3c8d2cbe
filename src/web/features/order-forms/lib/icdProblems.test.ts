import { describe, expect, it } from 'vitest';
import { icdProblems } from './icdProblems';

describe('icdProblems', () => {
  it('names the code that failed, and each pair the code set excludes', () => {
    const problems = icdProblems({
      valid: false,
      errors: ["'Z99.999' is not in the ICD-10-CM code set"],
      violations: [{ code: 'E10.9', conflicts_with: 'E11.9', type: 'excludes1' }],
      warnings: [{ code: 'E11.9', overlaps_with: 'I10', type: 'excludes2' }],
    });
    expect(problems.blocking).toEqual([
      'Z99.999 is not in the ICD-10-CM code set',
      'E10.9 and E11.9 cannot be used together: the code set excludes one with the other',
    ]);
    expect(problems.warnings).toEqual([
      'E11.9 and I10 may overlap: check that both conditions are present',
    ]);
  });

  it('finds nothing to say about valid codes', () => {
    expect(icdProblems({ valid: true, errors: [], violations: [], warnings: [] })).toEqual({
      blocking: [],
      warnings: [],
    });
  });
});
