import type { ChartedTimeseriesSlug } from '../../contract/timeseries';
import { uuidFrom } from './random';
import { WEARABLE_SOURCES, wearableHistoryStart } from './wearables';

/*
 * Wearable providers: the ones this Lab API lists (`GET /v2/providers`, with display names)
 * and the ones each user has connected (`GET /v2/user/providers/{user_id}`). A user's
 * connections are exactly the providers whose data the user has (`seed/wearables.ts`
 * generates the same four sources for everyone), connected when that data begins.
 * Logos point at a reserved `.invalid` host: the console shows names, not images.
 */

export interface SeedProvider {
  name: string;
  slug: string;
  description: string;
  auth_type: 'oauth' | 'sdk' | 'password' | null;
  /** The document's resource names (ClientFacingResource) the provider can give. */
  supported_resources: readonly string[];
}

export const PROVIDERS: readonly SeedProvider[] = [
  {
    name: 'Apple HealthKit',
    slug: 'apple_health_kit',
    description: 'Health data an iPhone and Apple Watch share through HealthKit.',
    auth_type: 'sdk',
    supported_resources: ['heartrate', 'steps', 'lean_body_mass', 'sleep_apnea_alert', 'weight'],
  },
  {
    name: 'FreeStyle Libre',
    slug: 'freestyle_libre',
    description: 'Continuous glucose monitoring from FreeStyle Libre sensors.',
    auth_type: 'password',
    supported_resources: ['glucose'],
  },
  {
    name: 'Oura',
    slug: 'oura',
    description: 'Smart ring: sleep, heart rate variability and blood oxygen.',
    auth_type: 'oauth',
    supported_resources: ['hrv', 'blood_oxygen', 'sleep', 'heartrate'],
  },
  {
    name: 'Withings',
    slug: 'withings',
    description: 'Smart scales and sleep trackers.',
    auth_type: 'oauth',
    supported_resources: ['weight', 'fat', 'lean_body_mass', 'sleep_apnea_alert', 'blood_pressure'],
  },
  {
    name: 'Fitbit',
    slug: 'fitbit',
    description: 'Activity trackers and smartwatches.',
    auth_type: 'oauth',
    supported_resources: ['heartrate', 'steps', 'sleep', 'activity'],
  },
  {
    name: 'Garmin',
    slug: 'garmin',
    description: 'Sports watches and activity trackers.',
    auth_type: 'oauth',
    supported_resources: ['heartrate', 'steps', 'workouts', 'sleep'],
  },
  {
    name: 'Dexcom',
    slug: 'dexcom_v3',
    description: 'Continuous glucose monitoring from Dexcom sensors.',
    auth_type: 'oauth',
    supported_resources: ['glucose'],
  },
  {
    name: 'Omron',
    slug: 'omron',
    description: 'Blood pressure monitors.',
    auth_type: 'oauth',
    supported_resources: ['blood_pressure'],
  },
];

/** The generated resources under the document's resource names (body weight is `weight`). */
const RESOURCE_NAME: Partial<Record<ChartedTimeseriesSlug, string>> = { body_weight: 'weight' };
const resourceName = (slug: ChartedTimeseriesSlug) => RESOURCE_NAME[slug] ?? slug;

export const providerLogo = (slug: string) => `https://logos.sandbox.invalid/${slug}.png`;

export interface UserConnection {
  provider: SeedProvider;
  created_on: string;
  /** Document resource names with data from this provider. */
  resources: string[];
}

/** The providers a user has connected: those whose data the user has, by name. */
export function connectionsOf(userId: string, now: Date): UserConnection[] {
  const since = wearableHistoryStart(userId, now).toISOString();
  const bySlug = new Map<string, string[]>();
  for (const { provider, resource } of WEARABLE_SOURCES) {
    const resources = bySlug.get(provider) ?? [];
    if (!resources.includes(resourceName(resource))) resources.push(resourceName(resource));
    bySlug.set(provider, resources);
  }
  return PROVIDERS.flatMap((provider) => {
    const resources = bySlug.get(provider.slug);
    return resources ? [{ provider, created_on: since, resources }] : [];
  }).sort((a, b) => a.provider.name.localeCompare(b.provider.name));
}

/** ClientFacingProviderWithStatus: every connection is live, so no error details. */
export function providerWithStatus(userId: string, connection: UserConnection) {
  const { provider } = connection;
  return {
    name: provider.name,
    slug: provider.slug,
    logo: providerLogo(provider.slug),
    created_on: connection.created_on,
    status: 'connected',
    // SDK providers have none; the others a provider-side id (made up, not the patient's data).
    external_user_id:
      provider.auth_type === 'sdk' ? null : uuidFrom(`${userId}:${provider.slug}`).slice(0, 13),
    error_details: null,
    resource_availability: Object.fromEntries(
      connection.resources.map((resource) => [
        resource,
        { status: 'available', scope_requirements: null },
      ]),
    ),
  };
}

/** ClientFacingProviderDetailed, as `GET /v2/providers` lists them. */
export const providerDetailed = (provider: SeedProvider) => ({
  name: provider.name,
  slug: provider.slug,
  description: provider.description,
  logo: providerLogo(provider.slug),
  auth_type: provider.auth_type,
  supported_resources: [...provider.supported_resources],
});
