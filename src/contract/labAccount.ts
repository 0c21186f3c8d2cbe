import { z } from 'zod';
import { DELEGATED_FLOWS, LAB_ACCOUNT_STATUSES, openEnum } from './enums';

export const labAccountSchema = z.looseObject({
  id: z.uuid(),
  lab: z.string(),
  org_id: z.string().nullish(),
  status: openEnum(LAB_ACCOUNT_STATUSES),
  delegated_flow: openEnum(DELEGATED_FLOWS),
  provider_account_id: z.string().nullish(),
  account_name: z.string().nullish(),
  default_clinical_notes: z.string().nullish(),
  business_units: z.array(z.unknown()).nullish(),
  /** billing type → US states where it is allowed; a missing key means unsupported. */
  allowed_billing: z.record(z.string(), z.array(z.string())).nullish(),
  team_id_allowlist: z.array(z.string()).optional(),
});
export type LabAccount = z.infer<typeof labAccountSchema>;

/** `data` is optional in the document: a team without accounts may get `{}`. */
export const labAccountListSchema = z.looseObject({ data: z.array(labAccountSchema).default([]) });

export const labAccountQuerySchema = z.object({
  lab_account_id: z.uuid().optional(),
  status: z.enum(LAB_ACCOUNT_STATUSES).optional(),
});

/** Order and physician rules follow from these flows (description, POST /v3/order). */
export function requiresPhysician(flow: string): boolean {
  return flow === 'order_delegated' || flow === 'fully_delegated';
}
