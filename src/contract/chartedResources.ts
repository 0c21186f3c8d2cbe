import type { GroupedTimeseriesResourceSlug } from './timeseries';

/* The wearable resources the console charts: plain constants, read by the first screen's
   search params without loading zod. */

/**
 * How the console draws a resource:
 * - `line`: each sample is a point on a line over time;
 * - `count`: samples are events, summed per night (`countPer: 'night'`) or per day.
 */
export type TimeseriesChartKind = 'line' | 'count';

export interface TimeseriesResource {
  readonly slug: GroupedTimeseriesResourceSlug;
  /** Human label for headings and pickers. */
  readonly label: string;
  /** The unit the Lab API reports (docs/lab-api-facts.md §11); samples carry their own `unit` too. */
  readonly unit: string;
  readonly kind: TimeseriesChartKind;
  /** For `count` resources: the period events are summed over. */
  readonly countPer?: 'night' | 'day';
}

/** The resources the console charts, in the order it offers them. */
export const TIMESERIES_RESOURCES = [
  {
    slug: 'sleep_apnea_alert',
    label: 'Sleep apnea alerts',
    unit: 'count',
    kind: 'count',
    countPer: 'night',
  },
  { slug: 'lean_body_mass', label: 'Lean body mass', unit: 'kg', kind: 'line' },
  { slug: 'heartrate', label: 'Heart rate', unit: 'bpm', kind: 'line' },
  { slug: 'hrv', label: 'Heart rate variability', unit: 'rmssd', kind: 'line' },
  { slug: 'glucose', label: 'Glucose', unit: 'mmol/L', kind: 'line' },
  { slug: 'steps', label: 'Steps', unit: 'count', kind: 'count', countPer: 'day' },
  { slug: 'blood_oxygen', label: 'Blood oxygen', unit: '%', kind: 'line' },
  { slug: 'body_weight', label: 'Body weight', unit: 'kg', kind: 'line' },
] as const satisfies readonly TimeseriesResource[];
export type ChartedTimeseriesSlug = (typeof TIMESERIES_RESOURCES)[number]['slug'];
export const TIMESERIES_RESOURCE_SLUGS = TIMESERIES_RESOURCES.map((r) => r.slug);

export function findTimeseriesResource(slug: string): TimeseriesResource | undefined {
  return TIMESERIES_RESOURCES.find((r) => r.slug === slug);
}
