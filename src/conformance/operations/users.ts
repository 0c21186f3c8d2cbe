import { PATIENTS } from '../../sandbox/seed';
import { userInfoRequestSchema } from '../../contract';
import { MINOR_PATIENT, UNKNOWN_ID, userRequest } from '../fixtures';
import type { OperationCheck } from '../table';

/* Users (the console's patients): create, list, read, delete and undo. */

interface Created {
  user_id: string;
}

export const USERS: OperationCheck[] = [
  {
    operation: 'POST /v2/user',
    cases: [
      {
        name: 'the new-patient form creates a user',
        async run({ api }) {
          await api.call('POST', '/v2/user', {
            json: userRequest('conformance-new-1'),
            expect: 200,
          });
          await api.call('POST', '/v2/user', {
            json: { client_user_id: 'conformance-new-2' },
            expect: 200,
          });
        },
      },
      {
        name: 'a client_user_id already taken is the document’s 400 conflict',
        async run({ api }) {
          await api.call('POST', '/v2/user', {
            json: userRequest(PATIENTS[0]?.client_user_id ?? ''),
            expect: 400,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v2/user',
    cases: [
      {
        name: 'pages of the team’s users, and the local search',
        async run({ api }) {
          await api.call('GET', '/v2/user', { expect: 200 });
          await api.call('GET', '/v2/user?offset=10&limit=5', { expect: 200 });
          await api.call('GET', '/v2/user?search=kettle', { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'GET /v2/user/{user_id}',
    cases: [
      {
        name: 'a seeded user and a new one',
        async run({ api }) {
          await api.call('GET', `/v2/user/${PATIENTS[0]?.id ?? ''}`, { expect: 200 });
          const { body } = await api.call<Created>('POST', '/v2/user', {
            json: userRequest('conformance-read-1'),
            expect: 200,
          });
          await api.call('GET', `/v2/user/${body.user_id}`, { expect: 200 });
        },
      },
      {
        name: 'an unknown user is a 404',
        async run({ api }) {
          await api.call('GET', `/v2/user/${UNKNOWN_ID}`, { expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'DELETE /v2/user/{user_id}',
    cases: [
      {
        name: 'a user scheduled for deletion',
        async run({ api }) {
          const { body } = await api.call<Created>('POST', '/v2/user', {
            json: userRequest('conformance-delete-1'),
            expect: 200,
          });
          await api.call('DELETE', `/v2/user/${body.user_id}`, { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'POST /v2/user/undo_delete',
    cases: [
      {
        name: 'a deletion undone by user_id and by client_user_id',
        async run({ api }) {
          for (const [clientUserId, by] of [
            ['conformance-undo-1', 'user_id'],
            ['conformance-undo-2', 'client_user_id'],
          ] as const) {
            const { body } = await api.call<Created>('POST', '/v2/user', {
              json: userRequest(clientUserId),
              expect: 200,
            });
            await api.call('DELETE', `/v2/user/${body.user_id}`, { expect: 200 });
            const target = by === 'user_id' ? body.user_id : clientUserId;
            await api.call('POST', `/v2/user/undo_delete?${by}=${target}`, { expect: 200 });
          }
        },
      },
    ],
  },
  {
    operation: 'GET /v2/user/metrics',
    cases: [
      {
        name: 'the team’s metrics',
        async run({ api }) {
          await api.call('GET', '/v2/user/metrics', { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'GET /v2/user/resolve/{client_user_id}',
    cases: [
      {
        name: 'a client user id resolves to its user; an unknown one is a 404',
        async run({ api }) {
          await api.call('GET', `/v2/user/resolve/${PATIENTS[0]?.client_user_id ?? ''}`, {
            expect: 200,
          });
          await api.call('GET', '/v2/user/resolve/conformance-nobody', { expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v2/user/{user_id}/info',
    cases: [
      {
        name: 'demographics given for a new user, with a guarantor',
        async run({ api }) {
          const { body } = await api.call<Created>('POST', '/v2/user', {
            json: userRequest('conformance-info-1'),
            expect: 200,
          });
          const { medical_proxy, address } = MINOR_PATIENT;
          await api.call('PATCH', `/v2/user/${body.user_id}/info`, {
            json: userInfoRequestSchema.parse({
              first_name: 'Odile',
              last_name: 'Fairweather',
              email: 'odile@example.com',
              phone_number: '+1 608 555 0177',
              gender: 'female',
              dob: '2012-02-29',
              address,
              medical_proxy,
            }),
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v2/user/{user_id}/info/latest',
    cases: [
      {
        name: 'a seeded user’s demographics; a user without any is a 404',
        async run({ api }) {
          await api.call('GET', `/v2/user/${PATIENTS[0]?.id ?? ''}/info/latest`, { expect: 200 });
          const { body } = await api.call<Created>('POST', '/v2/user', {
            json: userRequest('conformance-info-2'),
            expect: 200,
          });
          await api.call('GET', `/v2/user/${body.user_id}/info/latest`, { expect: 404 });
        },
      },
    ],
  },
];
