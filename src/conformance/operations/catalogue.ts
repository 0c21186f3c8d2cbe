import { LAB_ACCOUNTS } from '../../sandbox/seed';
import { UNKNOWN_ID } from '../fixtures';
import type { OperationCheck } from '../table';

/* What a team can order: lab tests, markers and its lab accounts. */

export const CATALOGUE: OperationCheck[] = [
  {
    operation: 'GET /v3/lab_tests',
    cases: [
      {
        name: 'the team’s lab tests, all of them and filtered',
        async run({ api }) {
          await api.call('GET', '/v3/lab_tests', { expect: 200 });
          await api.call(
            'GET',
            '/v3/lab_tests?lab_slug=quest&collection_method=walk_in_test&status=active',
            {
              expect: 200,
            },
          );
          await api.call('GET', `/v3/lab_tests?lab_account_id=${LAB_ACCOUNTS[0]?.id ?? ''}`, {
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/lab_tests/markers',
    cases: [
      {
        name: 'marker pages, by lab and by name',
        async run({ api }) {
          await api.call('GET', '/v3/lab_tests/markers', { expect: 200 });
          await api.call('GET', '/v3/lab_tests/markers?lab_slug=labcorp&page=1&size=5', {
            expect: 200,
          });
          await api.call('GET', '/v3/lab_tests/markers?name=glucose&a_la_carte_enabled=true', {
            expect: 200,
          });
          await api.call(
            'GET',
            `/v3/lab_tests/markers?lab_account_id=${LAB_ACCOUNTS[1]?.id ?? ''}`,
            {
              expect: 200,
            },
          );
        },
      },
      {
        name: 'an unknown lab account is a 404',
        async run({ api }) {
          await api.call('GET', `/v3/lab_tests/markers?lab_account_id=${UNKNOWN_ID}`, {
            expect: 404,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/lab_test/lab_account',
    cases: [
      {
        name: 'every lab account, one by id, and by status',
        async run({ api }) {
          await api.call('GET', '/v3/lab_test/lab_account', { expect: 200 });
          await api.call(
            'GET',
            `/v3/lab_test/lab_account?lab_account_id=${LAB_ACCOUNTS[0]?.id ?? ''}`,
            {
              expect: 200,
            },
          );
          await api.call('GET', '/v3/lab_test/lab_account?status=pending', { expect: 200 });
        },
      },
    ],
  },
];
