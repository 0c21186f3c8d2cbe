import { expect } from 'vitest';
import { GROUPED_TIMESERIES_RESOURCE_SLUGS } from '../../contract/timeseries';
import { PATIENTS } from '../../sandbox/seed';
import { UNKNOWN_ID } from '../fixtures';
import type { OperationCheck } from '../table';

/* Wearable providers: the list with display names, and a patient's connections. */

const PATIENT = PATIENTS[0]?.id ?? '';

export const PROVIDERS: OperationCheck[] = [
  {
    operation: 'GET /v2/providers',
    cases: [
      {
        name: 'the providers with their display names, with and without a source type',
        async run({ api }) {
          const { body } = await api.call<{ slug: string; name: string }[]>(
            'GET',
            '/v2/providers',
            { expect: 200 },
          );
          expect(body.find((p) => p.slug === 'apple_health_kit')?.name).toBe('Apple HealthKit');
          await api.call('GET', '/v2/providers?source_type=app', { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'GET /v2/user/providers/{user_id}',
    cases: [
      {
        name: 'a patient’s connections are the providers of the data the patient has',
        async run({ api }) {
          const { body } = await api.call<{ providers: { slug: string; status: string }[] }>(
            'GET',
            `/v2/user/providers/${PATIENT}`,
            { expect: 200 },
          );
          // Every source of every grouped resource the patient has data from is connected.
          const sources = new Set<string>();
          for (const resource of GROUPED_TIMESERIES_RESOURCE_SLUGS) {
            const { body: page } = await api.call<{ groups: Record<string, unknown[]> }>(
              'GET',
              `/v2/timeseries/${PATIENT}/${resource}/grouped?start_date=2026-02-28`,
              { expect: 200 },
            );
            for (const [provider, groups] of Object.entries(page.groups)) {
              if (groups.length > 0) sources.add(provider);
            }
          }
          expect(body.providers.map((p) => p.slug).sort()).toEqual([...sources].sort());
          expect(body.providers.every((p) => p.status === 'connected')).toBe(true);
        },
      },
      {
        name: 'an unknown user is a 404; an id that is no UUID a 422',
        async run({ api }) {
          await api.call('GET', `/v2/user/providers/${UNKNOWN_ID}`, { expect: 404 });
          await api.call('GET', '/v2/user/providers/nobody', { expect: 422, invalidRequest: true });
        },
      },
    ],
  },
];
