import type { Order } from '../../../../contract/order';
import { parseOrderStatus } from '../../../../contract/status';

/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvField(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading = + - @ would run as a formula in a spreadsheet: prefix it with a quote.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CSV_HEADER = [
  'order_id',
  'patient_first_name',
  'patient_last_name',
  'lab_test',
  'collection_method',
  'status',
  'low_level_status',
  'created_at',
  'updated_at',
  'expected_result_by_date',
  'worst_case_result_by_date',
  'interpretation',
  'sample_id',
];

export function csvRow(order: Order): string {
  return [
    order.id,
    order.patient_details?.first_name,
    order.patient_details?.last_name,
    order.lab_test.name,
    order.details.type,
    order.last_event.status,
    parseOrderStatus(order.last_event.status).lowLevel,
    order.created_at,
    order.updated_at,
    order.expected_result_by_date,
    order.worst_case_result_by_date,
    order.interpretation,
    order.sample_id,
  ]
    .map(csvField)
    .join(',');
}

/** A whole CSV file of orders, header first, lines ended CRLF (RFC 4180). */
export function csvDocument(orders: Order[]): string {
  return [CSV_HEADER.join(','), ...orders.map(csvRow)].map((line) => `${line}\r\n`).join('');
}
