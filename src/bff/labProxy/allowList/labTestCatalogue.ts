import type { AllowedCall } from '.';
import { labTestSchema } from '../../../contract';

const labTest = { recordType: 'lab_test', idParam: 'lab_test_id' };

/**
 * The team's lab test catalogue: every role reads it (it holds no patient data, so reads
 * are not audited); only admins create or change the team's custom panels, and every
 * change is audited with the panel's id.
 */
export const LAB_TEST_CATALOGUE_CALLS: readonly AllowedCall[] = [
  { method: 'GET', path: '/v3/lab_test', permission: 'catalogue.read' },
  { method: 'GET', path: '/v3/lab_tests/labs', permission: 'catalogue.read' },
  { method: 'GET', path: '/v3/lab_tests/{lab_test_id}/markers', permission: 'catalogue.read' },
  {
    method: 'GET',
    path: '/v3/lab_tests/{lab_id}/markers/{provider_id}',
    permission: 'catalogue.read',
  },
  {
    method: 'POST',
    path: '/v3/lab_tests/list_order_set_markers',
    permission: 'catalogue.read',
  },
  {
    method: 'POST',
    path: '/v3/lab_tests',
    permission: 'catalogue.write',
    audit: {
      recordType: 'lab_test',
      idInAnswer: (answer: unknown) => labTestSchema.safeParse(answer).data?.id,
    },
  },
  {
    method: 'PATCH',
    path: '/v3/lab_tests/{lab_test_id}',
    permission: 'catalogue.write',
    audit: labTest,
  },
];
