import { z } from 'zod';
import { openEnum } from './enums';

/**
 * Wearable timeseries, `GET /v2/timeseries/{user_id}/{resource}/grouped`
 * (description "Timeseries grouped response"; docs/lab-api-facts.md §11).
 */

/** Provider slugs of the facts (§11, 41 of them). Non-exhaustive: new providers appear without notice. */
export const PROVIDER_SLUGS = [
  'oura',
  'fitbit',
  'garmin',
  'whoop',
  'strava',
  'renpho',
  'peloton',
  'wahoo',
  'zwift',
  'freestyle_libre',
  'abbott_libreview',
  'tandem_source',
  'freestyle_libre_ble',
  'eight_sleep',
  'withings',
  'apple_health_kit',
  'manual',
  'ihealth',
  'google_fit',
  'beurer_api',
  'beurer_ble',
  'omron',
  'omron_ble',
  'onetouch_ble',
  'accuchek_ble',
  'contour_ble',
  'dexcom',
  'dexcom_v3',
  'hammerhead',
  'my_fitness_pal',
  'health_connect',
  'samsung_health',
  'polar',
  'cronometer',
  'kardia',
  'whoop_v2',
  'ultrahuman',
  'my_fitness_pal_v2',
  'map_my_fitness',
  'runkeeper',
  'google_health',
] as const;
export type ProviderSlug = (typeof PROVIDER_SLUGS)[number];
export const providerSlugSchema = openEnum(PROVIDER_SLUGS);

/** Kinds of device a sample came from (docs/lab-api-facts.md §11). Non-exhaustive. */
export const TIMESERIES_SOURCE_TYPES = [
  'unknown',
  'phone',
  'watch',
  'app',
  'multiple_sources',
  'fingerprick',
  'cuff',
  'manual_scan',
  'automatic',
  'insulin_pump',
  'scale',
  'chest_strap',
  'ring',
  'lab',
  'exercise_machine',
  'earphone',
] as const;
export type TimeseriesSourceType = (typeof TIMESERIES_SOURCE_TYPES)[number];

/** Every resource with a grouped endpoint (docs/lab-api-facts.md §11, 51; `hypnogram` is deprecated). */
export const GROUPED_TIMESERIES_RESOURCE_SLUGS = [
  'afib_burden',
  'basal_body_temperature',
  'blood_oxygen',
  'blood_pressure',
  'body_fat',
  'body_mass_index',
  'body_temperature',
  'body_temperature_delta',
  'body_weight',
  'caffeine',
  'calories_active',
  'calories_basal',
  'carbohydrates',
  'cholesterol',
  'daylight_exposure',
  'distance',
  'electrocardiogram_voltage',
  'fall',
  'floors_climbed',
  'forced_expiratory_volume_1',
  'forced_vital_capacity',
  'glucose',
  'handwashing',
  'heart_rate_alert',
  'heart_rate_recovery_one_minute',
  'heartrate',
  'hrv',
  'hypnogram',
  'ige',
  'igg',
  'inhaler_usage',
  'insulin_injection',
  'lean_body_mass',
  'mindfulness_minutes',
  'note',
  'peak_expiratory_flow_rate',
  'respiratory_rate',
  'sleep_apnea_alert',
  'sleep_breathing_disturbance',
  'stand_duration',
  'stand_hour',
  'steps',
  'stress_level',
  'uv_exposure',
  'vo2_max',
  'waist_circumference',
  'water',
  'wheelchair_push',
  'workout_distance',
  'workout_duration',
  'workout_swimming_stroke',
] as const;
export type GroupedTimeseriesResourceSlug = (typeof GROUPED_TIMESERIES_RESOURCE_SLUGS)[number];

export {
  findTimeseriesResource,
  TIMESERIES_RESOURCE_SLUGS,
  TIMESERIES_RESOURCES,
  type ChartedTimeseriesSlug,
  type TimeseriesChartKind,
  type TimeseriesResource,
} from './chartedResources';

const dateTime = z.iso.datetime({ offset: true });
const dateOrDateTime = z.union([z.iso.date(), dateTime]);

/**
 * One sample. Interval resources add `start`/`end`; `timezone_offset` is in seconds, east positive.
 * `value` is a number for most resources, text for notes, and absent for blood pressure,
 * whose samples carry `systolic` and `diastolic` instead.
 */
export const timeseriesSampleSchema = z.looseObject({
  timestamp: dateTime,
  start: dateTime.nullish(),
  end: dateTime.nullish(),
  unit: z.string(),
  value: z.union([z.number(), z.string()]).optional(),
  systolic: z.number().optional(),
  diastolic: z.number().optional(),
  timezone_offset: z.number().int().nullish(),
  type: z.string().nullish(),
  /** Deprecated by the Lab API. */
  id: z.union([z.number(), z.string()]).nullish(),
});
export type TimeseriesSample = z.infer<typeof timeseriesSampleSchema>;

/** Where samples came from. Deprecated `name`/`slug`/`logo` and `sport`/`workout_id` pass through untyped. */
export const timeseriesSourceSchema = z.looseObject({
  provider: providerSlugSchema,
  /** The Lab API's default is `unknown`; a missing or null type reads as that. */
  type: openEnum(TIMESERIES_SOURCE_TYPES)
    .nullish()
    .transform((type) => type ?? 'unknown'),
  app_id: z.string().nullish(),
  device_id: z.string().nullish(),
});
export type TimeseriesSource = z.infer<typeof timeseriesSourceSchema>;

export const timeseriesGroupSchema = z.looseObject({
  source: timeseriesSourceSchema,
  data: z.array(timeseriesSampleSchema),
});
export type TimeseriesGroup = z.infer<typeof timeseriesGroupSchema>;

/** One page of a grouped timeseries. Keys of `groups` are provider slugs, known or not. */
export const groupedTimeseriesSchema = z.looseObject({
  groups: z.record(z.string(), z.array(timeseriesGroupSchema)),
  /** Null (or absent) on the last page. */
  next_cursor: z.string().nullish(),
  /** Deprecated alias of `next_cursor`. */
  next: z.string().nullish(),
});
export type GroupedTimeseries = z.infer<typeof groupedTimeseriesSchema>;

/** The cursor of the following page, or null on the last page (reads the deprecated `next` too). */
export function nextTimeseriesCursor(page: Pick<GroupedTimeseries, 'next_cursor' | 'next'>) {
  return page.next_cursor ?? page.next ?? null;
}

/**
 * Query of the grouped endpoint (docs/lab-api-facts.md §11). A date without a time means 00:00:00 (start) or
 * 23:59:59 (end) in the API's reading; the console sends explicit date-times with offsets instead.
 */
export const timeseriesQuerySchema = z.object({
  start_date: dateOrDateTime,
  end_date: dateOrDateTime.optional(),
  /** A provider slug, or '' for all providers. */
  provider: z
    .string()
    .regex(/^[a-z0-9_]{0,64}$/, 'A provider slug: lower-case letters, digits and _')
    .default(''),
  next_cursor: z.string().min(1).max(2048).optional(),
  /** Deprecated alias of `next_cursor`. */
  cursor: z.string().min(1).max(2048).optional(),
});
export type TimeseriesQuery = z.infer<typeof timeseriesQuerySchema>;
