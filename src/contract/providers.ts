import { z } from 'zod';
import { openEnum } from './enums';

/*
 * Wearable providers (docs/lab-api-facts.md §10, §11): the list with display names
 * (`GET /v2/providers`) and a user's connections (`GET /v2/user/providers/{user_id}`).
 * The wearables screens name a provider by `name`, never by its slug.
 */

/** ClientFacingProviderDetailed. */
export const providerDetailedSchema = z.looseObject({
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  logo: z.string().nullish(),
  auth_type: z.string().nullish(),
  supported_resources: z.array(z.string()).default([]),
});
export const providersListSchema = z.array(providerDetailedSchema);
export type ProviderDetailed = z.infer<typeof providerDetailedSchema>;

/** ClientFacingConnectionErrorDetails: why a connection stopped (status `error`). */
export const connectionErrorDetailsSchema = z.looseObject({
  error_type: openEnum([
    'token_refresh_failed',
    'webhook_registration_failed',
    'user_not_found',
    'deregistered_per_provider',
    'required_scopes_not_granted',
    'provider_credential_error',
    'provider_password_expired',
    'unknown',
  ]),
  error_message: z.string(),
  errored_at: z.string(),
});

/** ClientFacingProviderWithStatus: one connection of a user. */
export const providerWithStatusSchema = z.looseObject({
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  created_on: z.string(),
  /** `connected` or `error` (the document types it as text). */
  status: z.string(),
  external_user_id: z.string().nullish(),
  error_details: connectionErrorDetailsSchema.nullish(),
  resource_availability: z.record(
    z.string(),
    z.looseObject({ status: z.string(), scope_requirements: z.unknown().nullish() }),
  ),
});
export type ProviderWithStatus = z.infer<typeof providerWithStatusSchema>;

/** `GET /v2/user/providers/{user_id}`: `{providers: [...]}`. */
export const connectedProvidersSchema = z.looseObject({
  providers: z.array(providerWithStatusSchema),
});
