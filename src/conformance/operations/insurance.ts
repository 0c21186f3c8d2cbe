import { expect } from 'vitest';
import { validateIcdCodesRequestSchema, type ValidateIcdCodesResponse } from '../../contract';
import type { OperationCheck } from '../table';

/* ICD-10 codes: the order form checks them against the code set and looks them up. */

const validate = (codes: string[]) => validateIcdCodesRequestSchema.parse({ codes });

export const INSURANCE: OperationCheck[] = [
  {
    operation: 'POST /v3/insurance/validate_icd_codes',
    cases: [
      {
        name: 'codes of the set, typed in lower case and without their dot, are valid',
        async run({ api }) {
          const { body } = await api.call<ValidateIcdCodesResponse>(
            'POST',
            '/v3/insurance/validate_icd_codes',
            { json: validate(['e119', 'Z00.00', 'I10']), expect: 200 },
          );
          expect(body).toEqual({ valid: true, errors: [], violations: [], warnings: [] });
        },
      },
      {
        name: 'a well-formed code that does not exist, a category and a malformed code are errors',
        async run({ api }) {
          const { body } = await api.call<ValidateIcdCodesResponse>(
            'POST',
            '/v3/insurance/validate_icd_codes',
            { json: validate(['E11.99', 'E11', 'diabetes']), expect: 200 },
          );
          expect(body.valid).toBe(false);
          expect(body.errors).toHaveLength(3);
        },
      },
      {
        name: 'type 1 beside type 2 diabetes breaks an Excludes1 note; hypertension beside a stroke is a warning',
        async run({ api }) {
          const { body } = await api.call<ValidateIcdCodesResponse>(
            'POST',
            '/v3/insurance/validate_icd_codes',
            { json: validate(['E11.9', 'E10.9', 'I10', 'I63.9']), expect: 200 },
          );
          expect(body).toEqual({
            valid: false,
            errors: [],
            violations: [{ code: 'E11.9', conflicts_with: 'E10.9', type: 'excludes1' }],
            warnings: [{ code: 'I10', overlaps_with: 'I63.9', type: 'excludes2' }],
          });
        },
      },
      {
        name: 'a body without codes is a 422',
        async run({ api }) {
          await api.call('POST', '/v3/insurance/validate_icd_codes', {
            json: { code: 'E11.9' },
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/insurance/search/diagnosis',
    cases: [
      {
        name: 'codes by code prefix and by words, as the coordinator types',
        async run({ api }) {
          const read = async (query: string) =>
            (
              await api.call<{ diagnosis_code: string }[]>(
                'GET',
                `/v3/insurance/search/diagnosis?diagnosis_query=${encodeURIComponent(query)}`,
                { expect: 200 },
              )
            ).body.map((d) => d.diagnosis_code);
          expect(await read('E11.6')).toEqual(['E11.649', 'E11.65', 'E11.69']);
          expect((await read('vitamin d'))[0]).toBe('E55.9');
          expect(await read('no such condition')).toEqual([]);
        },
      },
      {
        name: 'a search without its query is a 422',
        async run({ api }) {
          await api.call('GET', '/v3/insurance/search/diagnosis', {
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    ],
  },
];
