import { describe, expect, it } from 'vitest';
import { normalizeIcd10Code } from '../../contract';
import { ICD10_CODES, ICD10_EXCLUDES } from '../seed/icd10';
import { searchDiagnoses, validateIcdCodes } from './icdCodes';

describe('the ICD-10-CM code set', () => {
  it('holds a few hundred distinct codes, each written as the set writes it, each described', () => {
    const codes = ICD10_CODES.map((entry) => entry.code);
    expect(codes.length).toBeGreaterThan(300);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of ICD10_CODES) {
      expect(normalizeIcd10Code(entry.code), entry.code).toBe(entry.code);
      expect(entry.description.trim().length, entry.code).toBeGreaterThan(2);
    }
  });

  it('has excludes notes whose codes are in the set', () => {
    const within = (prefix: string) => ICD10_CODES.some((entry) => entry.code.startsWith(prefix));
    for (const note of ICD10_EXCLUDES) expect(within(note.code), note.code).toBe(true);
  });
});

describe('validateIcdCodes', () => {
  it('reads codes as typed: lower case, without the dot, with spaces around', () => {
    expect(validateIcdCodes([' e119 ', 'z0000']).valid).toBe(true);
  });

  it('names each code that is no billable code of the set', () => {
    const verdict = validateIcdCodes(['E11.99', 'R73', 'Q', 'I10']);
    expect(verdict.valid).toBe(false);
    expect(verdict.errors).toEqual([
      "'E11.99' is not in the ICD-10-CM code set",
      "'R73' is a category, not a billable code: use a more specific code such as R73.01, R73.02, R73.03",
      "'Q' is not an ICD-10-CM code",
    ]);
  });

  it('refuses prediabetes beside diabetes (Excludes1), and warns once per pair for Excludes2', () => {
    const verdict = validateIcdCodes(['R73.03', 'E11.9', 'Z79.4', 'Z79.84', 'E11.9']);
    expect(verdict.violations).toEqual([
      { code: 'R73.03', conflicts_with: 'E11.9', type: 'excludes1' },
    ]);
    expect(verdict.warnings).toEqual([
      { code: 'Z79.4', overlaps_with: 'Z79.84', type: 'excludes2' },
    ]);
    expect(verdict.valid).toBe(false);
  });

  it('lets an Excludes2 pair alone stand: valid, with its warning', () => {
    const verdict = validateIcdCodes(['I10', 'I63.9']);
    expect(verdict.valid).toBe(true);
    expect(verdict.warnings).toHaveLength(1);
  });
});

describe('searchDiagnoses', () => {
  it('finds by code prefix with or without the dot, and by the beginnings of words', () => {
    expect(searchDiagnoses('n18.3').map((d) => d.diagnosis_code)).toEqual([
      'N18.30',
      'N18.31',
      'N18.32',
    ]);
    expect(searchDiagnoses('N183').map((d) => d.diagnosis_code)).toEqual(
      searchDiagnoses('N18.3').map((d) => d.diagnosis_code),
    );
    expect(searchDiagnoses('iron defic').map((d) => d.diagnosis_code)).toEqual([
      'D50.0',
      'D50.9',
      'E61.1',
    ]);
    expect(searchDiagnoses('   ')).toEqual([]);
  });

  it('answers at most twenty', () => {
    expect(searchDiagnoses('z')).toHaveLength(20);
  });
});
