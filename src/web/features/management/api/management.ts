import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  MANAGEMENT_API_PATH,
  createdApiKeySchema,
  listedApiKeysSchema,
  listedManagementKeysSchema,
  managementKeyCreatedSchema,
  managementLabAccountListSchema,
  managementScopeSchema,
  orgTeamListSchema,
  rotatedSecretSchema,
  webhookHeadersSchema,
  webhookListSchema,
  webhookSchema,
  webhookSecretSchema,
  type CreateManagementKeyBody,
  type CreateTeamApiKeyBody,
  type CreateWebhookBody,
  type Environment,
  type PatchWebhookBody,
  type Region,
} from '../../../../contract/management';
import { apiGet, apiRequest } from '../../../shared/api/client';

/* The console's management calls (`/api/management`), one query factory per listing. */

const base = MANAGEMENT_API_PATH;

export const managementScopeQuery = queryOptions({
  queryKey: ['management', 'scope'],
  queryFn: ({ signal }) => apiGet(`${base}/scope`, managementScopeSchema, signal),
});

export const teamsQuery = queryOptions({
  queryKey: ['management', 'teams'],
  queryFn: ({ signal }) => apiGet(`${base}/teams`, orgTeamListSchema, signal),
});

export const labAccountsQuery = (teamId: string, environment: Environment, region: Region) =>
  queryOptions({
    queryKey: ['management', 'lab-accounts', teamId, environment, region],
    queryFn: ({ signal }) =>
      apiGet(
        `${base}/teams/${teamId}/lab-accounts/${environment}/${region}`,
        managementLabAccountListSchema,
        signal,
      ),
  });

export interface TeamEnvironment {
  teamId: string;
  environment: Environment;
}
const webhooksPath = ({ teamId, environment }: TeamEnvironment) =>
  `${base}/teams/${teamId}/${environment}/webhooks`;

export const webhookEndpointsQuery = (scope: TeamEnvironment) =>
  queryOptions({
    queryKey: ['management', 'webhooks', scope],
    queryFn: ({ signal }) => apiGet(webhooksPath(scope), webhookListSchema, signal),
  });

export const createWebhookEndpoint = async (scope: TeamEnvironment, body: CreateWebhookBody) =>
  webhookSchema.parse(await apiRequest(webhooksPath(scope), { method: 'POST', body }));

export const updateWebhookEndpoint = async (
  scope: TeamEnvironment,
  id: string,
  body: PatchWebhookBody,
) =>
  webhookSchema.parse(await apiRequest(`${webhooksPath(scope)}/${id}`, { method: 'PATCH', body }));

export const deleteWebhookEndpoint = (scope: TeamEnvironment, id: string) =>
  apiRequest(`${webhooksPath(scope)}/${id}`, { method: 'DELETE' });

export const webhookHeaders = (scope: TeamEnvironment, id: string) =>
  apiGet(`${webhooksPath(scope)}/${id}/headers`, webhookHeadersSchema);

export const saveWebhookHeaders = (
  scope: TeamEnvironment,
  id: string,
  headers: Record<string, string>,
) => apiRequest(`${webhooksPath(scope)}/${id}/headers`, { method: 'PUT', body: { headers } });

export const webhookSecret = (scope: TeamEnvironment, id: string) =>
  apiGet(`${webhooksPath(scope)}/${id}/secret`, webhookSecretSchema);

export const rotateWebhookSecret = async (scope: TeamEnvironment, id: string) =>
  rotatedSecretSchema.parse(
    await apiRequest(`${webhooksPath(scope)}/${id}/secret/rotate`, { method: 'POST', body: {} }),
  );

export const apiKeysQuery = (environment: Environment, region: Region) =>
  queryOptions({
    queryKey: ['management', 'api-keys', environment, region],
    queryFn: ({ signal }) =>
      apiGet(`${base}/api-keys/${environment}/${region}`, listedApiKeysSchema, signal),
  });

export const createApiKey = async (
  environment: Environment,
  region: Region,
  body: CreateTeamApiKeyBody,
) =>
  createdApiKeySchema.parse(
    await apiRequest(`${base}/api-keys/${environment}/${region}`, { method: 'POST', body }),
  );

export const deleteApiKey = (environment: Environment, region: Region, id: string) =>
  apiRequest(`${base}/api-keys/${environment}/${region}/${id}`, { method: 'DELETE' });

export const managementKeysQuery = queryOptions({
  queryKey: ['management', 'management-keys'],
  queryFn: ({ signal }) => apiGet(`${base}/management-keys`, listedManagementKeysSchema, signal),
});

export const createManagementKey = async (body: CreateManagementKeyBody) =>
  managementKeyCreatedSchema.parse(
    await apiRequest(`${base}/management-keys`, { method: 'POST', body }),
  );

export const deleteManagementKey = (id: string) =>
  apiRequest(`${base}/management-keys/${id}`, { method: 'DELETE' });

/** Lines of `Name: value` as a header map, for the headers form. */
export const headersFromText = (text: string) =>
  z.record(z.string(), z.string()).parse(
    Object.fromEntries(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const at = line.indexOf(':');
          return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
        }),
    ),
  );
