import { patientDisplayName, type Order } from '../../../../contract/order';

/**
 * The patient's name ("Unnamed patient" when the details carry none), or the order id
 * when the order carries no patient details at all (an unregistered kit).
 */
export function orderTitle(order: Order): string {
  const patient = order.patient_details;
  return patient ? patientDisplayName(patient) : `Order ${order.id}`;
}
