import type { AllowedCall } from '.';

/**
 * ICD-10 codes checked and looked up as an order is written: for those who place orders.
 * Codes and search words name no patient, so the calls are not audited.
 */
export const ICD_CODE_CALLS: readonly AllowedCall[] = [
  { method: 'POST', path: '/v3/insurance/validate_icd_codes', permission: 'orders.write' },
  { method: 'GET', path: '/v3/insurance/search/diagnosis', permission: 'orders.write' },
];
