/**
 * Which console page an audit row's record opens, by the kind of id the row carries. The
 * record type says what was read or changed; the id it names is an order's for every type
 * below that the proxy audits by `order_id` (see `src/bff/labProxy/allowList/`).
 */
const ORDER_RECORDS = new Set([
  'order',
  'lab_result',
  'requisition',
  'appointment',
  'communication_settings',
  'order_labels',
  'order_abn',
  'collection_instructions',
  'order_patient_address',
]);
const PATIENT_RECORDS = new Set([
  'patient',
  'patient_address',
  'patient_demographics',
  'timeseries',
]);

export type RecordPage = 'order' | 'patient' | 'parsing_job' | 'console_account' | null;

export function recordPage(type: string): RecordPage {
  if (ORDER_RECORDS.has(type)) return 'order';
  if (PATIENT_RECORDS.has(type)) return 'patient';
  if (type === 'parsing_job' || type === 'console_account') return type;
  return null;
}
