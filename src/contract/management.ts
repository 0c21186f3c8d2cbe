import { z } from 'zod';
import { labAccountSchema } from './labAccount';
import { endpointUrlProblem, isCatalogueEventType } from './webhookEndpoints';

/*
 * The organisation management API (`openapi/management-api.json`, version 0.1.0): the
 * operations the console uses — teams, their lab accounts, webhook endpoints, team API
 * keys and management keys. Requests are strict (the local Lab API and the forms validate
 * with them); answers are tolerant (unknown members pass). The console's own calls under
 * `/api/management` follow, with the shapes the browser gets: never a key it already saw.
 */

/** The header of a management key; the deprecated one is still accepted (description, Authentication). */
export const MANAGEMENT_KEY_HEADER = 'x-management-key';
export const DEPRECATED_MANAGEMENT_KEY_HEADER = 'x-service-org-key';

export const ENVIRONMENTS = ['sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const REGIONS = ['us', 'eu'] as const;
export type Region = (typeof REGIONS)[number];
export const MANAGEMENT_KEY_ROLES = ['org_admin', 'team_admin'] as const;
export type ManagementKeyRole = (typeof MANAGEMENT_KEY_ROLES)[number];

/** What the local Lab API answers when the organisation's plan has no management features. */
export const PLAN_REQUIRED_DETAIL =
  'The management API is available on a higher-tier plan only. Contact sales to upgrade.';
/** A Team management key reaching an organisation resource, or a team it is not bound to. */
export const MANAGEMENT_SCOPE_DETAIL = 'This management key cannot access this resource.';

/* Teams ---------------------------------------------------------------------------- */

export const orgTeamSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  created_on: z.string(),
  region: z.string(),
  integration_team_id: z.string().nullish(),
});
export type OrgTeam = z.infer<typeof orgTeamSchema>;

export const orgTeamListSchema = z.looseObject({
  teams: z.array(orgTeamSchema),
  next_cursor: z.string().nullish(),
});

export const managementLabAccountListSchema = z.looseObject({
  data: z.array(labAccountSchema).default([]),
});

/* Webhook endpoints ---------------------------------------------------------------- */

/**
 * Event types are the catalogue's (the document leaves them free strings, but one outside
 * it never fires: src/contract/webhookEndpoints.ts).
 */
const eventType = z
  .string()
  .trim()
  .refine(isCatalogueEventType, {
    error: (issue) =>
      `${String(issue.input)} is not an event the Lab API sends; use one such as labtest.order.updated.`,
  });

/**
 * Metadata and link-local addresses are refused everywhere; loopback and private ones only
 * in front of the real service, which the BFF checks (it knows where it is deployed).
 */
const webhookUrl = z
  .url({ protocol: /^https?$/, error: 'Enter an http(s) address.' })
  .max(2000, 'At most 2,000 characters.')
  .superRefine((url, ctx) => {
    const problem = endpointUrlProblem(url, false);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const createWebhookBodySchema = z.strictObject({
  url: webhookUrl,
  description: z.string().max(500, 'At most 500 characters.').default(''),
  rate_limit: z.number().int().min(1, 'At least 1 per second.').nullish(),
  disabled: z.boolean().default(false),
  filter_types: z.array(eventType).nullish(),
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/)
    .nullish(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

export const patchWebhookBodySchema = z.strictObject({
  url: webhookUrl.nullish(),
  description: z.string().max(500, 'At most 500 characters.').nullish(),
  rate_limit: z.number().int().min(1, 'At least 1 per second.').nullish(),
  disabled: z.boolean().nullish(),
  filter_types: z.array(eventType).nullish(),
});
export type PatchWebhookBody = z.input<typeof patchWebhookBodySchema>;

export const webhookSchema = z.looseObject({
  id: z.string(),
  url: z.string(),
  description: z.string().nullish(),
  rate_limit: z.number().nullish(),
  disabled: z.boolean().nullish(),
  filter_types: z.array(z.string()).nullish(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.looseObject({
  data: z.array(webhookSchema),
  next_cursor: z.string().nullish(),
});

/** Header names a custom header may not take: the signature's own and hop-by-hop ones. */
const RESERVED_HEADERS = /^(svix-|webhook-|content-length$|content-type$|host$|connection$)/i;

export const webhookHeadersBodySchema = z.strictObject({
  headers: z.record(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'A header name is letters, digits and dashes.')
      .refine((name) => !RESERVED_HEADERS.test(name), 'This header is set by the sender.'),
    z.string().max(1000),
  ),
});
export const webhookHeadersSchema = z.looseObject({
  headers: z.record(z.string(), z.string()),
  sensitive: z.array(z.string()).default([]),
});

export const webhookSecretSchema = z.looseObject({ key: z.string() });
export const rotateWebhookSecretBodySchema = z.strictObject({
  key: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/)
    .nullish(),
});

/* Management keys ------------------------------------------------------------------ */

export const teamRoleBindingSchema = z.object({ team_id: z.uuid() });

export const createManagementKeyBodySchema = z
  .strictObject({
    label: z.string().trim().min(1, 'Enter a label.').max(100, 'At most 100 characters.'),
    role: z.enum(MANAGEMENT_KEY_ROLES),
    team_role_bindings: z.array(teamRoleBindingSchema).nullish(),
  })
  .refine((body) => body.role === 'org_admin' || (body.team_role_bindings ?? []).length > 0, {
    path: ['team_role_bindings'],
    message: 'A team key is bound to at least one team.',
  });
export type CreateManagementKeyBody = z.input<typeof createManagementKeyBodySchema>;

export const managementKeySchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  created_at: z.string(),
  role: z.string(),
  team_role_bindings: z.array(z.looseObject({ team_id: z.string() })).nullish(),
});
export type ManagementKey = z.infer<typeof managementKeySchema>;
export const managementKeyListSchema = z.looseObject({
  data: z.array(managementKeySchema),
  next_cursor: z.string().nullish(),
});
/** The answer to a creation: the only time the key's value is ever given. */
export const managementKeyCreatedSchema = managementKeySchema.extend({ key: z.string() });

/* Team API keys -------------------------------------------------------------------- */

export const createTeamApiKeyBodySchema = z.strictObject({
  label: z.string().trim().min(1, 'Enter a label.').max(100, 'At most 100 characters.'),
  team_id: z.uuid({ error: 'Choose a team.' }),
});
export type CreateTeamApiKeyBody = z.input<typeof createTeamApiKeyBodySchema>;

export const teamApiKeySchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  value: z.string(),
  team_id: z.string(),
  created_at: z.string(),
});
export const teamApiKeyListSchema = z.looseObject({
  api_keys: z.array(teamApiKeySchema),
  next_cursor: z.string().nullish(),
});
export const deleteTeamApiKeysSchema = z.looseObject({
  success: z.array(z.string()),
  failure: z.array(z.string()),
  not_found: z.array(z.string()),
});

/* The console's calls (`/api/management`) ---------------------------------------------- */

export const MANAGEMENT_API_PATH = '/api/management';

/** A key as the console lists it: its last four characters, never its value. */
export const listedApiKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  team_id: z.string(),
  created_at: z.string(),
  hint: z.string(),
});
export type ListedApiKey = z.infer<typeof listedApiKeySchema>;
export const listedApiKeysSchema = z.object({ keys: z.array(listedApiKeySchema) });
/** The answer to creating a team API key, the one time its value is shown. */
export const createdApiKeySchema = listedApiKeySchema.extend({ value: z.string() });

export const listedManagementKeysSchema = z.object({ keys: z.array(managementKeySchema) });

/** The environment and region the console's team works in, the screens' defaults. */
export const managementScopeSchema = z.object({
  orgId: z.string(),
  environment: z.enum(ENVIRONMENTS),
  region: z.enum(REGIONS),
  teamId: z.string().nullable(),
});
export type ManagementScope = z.infer<typeof managementScopeSchema>;

/** Problem types the console's management calls answer with, so the screens can say why. */
export const PLAN_REQUIRED_PROBLEM = 'urn:lab-console:management:plan-required';
export const NOT_CONFIGURED_PROBLEM = 'urn:lab-console:management:not-configured';

/** The answer to rotating a secret: whether it was the console's own endpoint's. */
export const rotatedSecretSchema = z.object({ consoleEndpoint: z.boolean() });
