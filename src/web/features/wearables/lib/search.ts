import * as v from 'valibot';
import { TIMESERIES_RESOURCE_SLUGS } from '../../../../contract/chartedResources';
import { isoDay, lenient } from '../../../shared/lib/searchParams';

/** The wearables page's URL state: what is charted and over which days (local to the clinician). */
export const wearablesSearchSchema = v.object({
  resource: lenient(v.picklist(TIMESERIES_RESOURCE_SLUGS as [string, ...string[]])),
  from: lenient(isoDay),
  to: lenient(isoDay),
  provider: lenient(v.pipe(v.string(), v.regex(/^[a-z0-9_]{1,64}$/))),
});
export type WearablesSearch = v.InferOutput<typeof wearablesSearchSchema>;

export const DEFAULT_RESOURCE = 'lean_body_mass';
export const DEFAULT_DAYS = 30;
