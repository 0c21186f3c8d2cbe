import type { Order } from '../../../../contract/order';
import { csvDocument as csvFile, csvLine, type CsvValue } from '../../../../contract/csv';
import { parseOrderStatus } from '../../../../contract/status';

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

/** An order's fields, in the order of `CSV_HEADER`. */
function csvValues(order: Order): CsvValue[] {
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
  ];
}

/** One order's CSV line, CRLF included (src/contract/csv.ts writes every CSV). */
export function csvRow(order: Order): string {
  return csvLine(csvValues(order));
}

/** A whole CSV file of orders, header first, lines ended CRLF (RFC 4180). */
export function csvDocument(orders: Order[]): string {
  return csvFile(CSV_HEADER, orders.map(csvValues));
}
