import type { Order } from '../../../../contract/order';

/** The patient's name, or the order id when the order carries no patient details. */
export function orderTitle(order: Order): string {
  const patient = order.patient_details;
  const name = patient ? `${patient.first_name} ${patient.last_name}`.trim() : '';
  return name || `Order ${order.id}`;
}
