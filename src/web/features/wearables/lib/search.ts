import { z } from 'zod';
import { TIMESERIES_RESOURCE_SLUGS } from '../../../../contract/timeseries';

const isoDate = z.iso.date();

/** The wearables page's URL state: what is charted and over which days (local to the clinician). */
export const wearablesSearchSchema = z.object({
  resource: z
    .enum(TIMESERIES_RESOURCE_SLUGS as [string, ...string[]])
    .optional()
    .catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  provider: z
    .string()
    .regex(/^[a-z0-9_]{1,64}$/)
    .optional()
    .catch(undefined),
});
export type WearablesSearch = z.infer<typeof wearablesSearchSchema>;

export const DEFAULT_RESOURCE = 'lean_body_mass';
export const DEFAULT_DAYS = 30;
