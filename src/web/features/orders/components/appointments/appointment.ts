import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Appointment } from '../../../../../contract/appointments';
import type { Order } from '../../../../../contract/order';
import { orderKeys } from '../../../../shared/api/orders';

export const appointmentIdOf = (order: Order) => {
  const data = order.details.data as { appointment_id?: string | null } | null;
  return data?.appointment_id ?? null;
};

/** Keeps the answer under `queryKey` and refreshes the orders, whose status a booking moves. */
export function useAppointmentRefresh(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return async (appointment: Appointment) => {
    queryClient.setQueryData(queryKey, appointment);
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
  };
}
