import type { Order } from '../../../../../contract/order';
import {
  cancelCentreAppointment,
  pscCancellationReasonsQueryOptions,
} from '../../api/orderActions';
import { CancelAppointmentForm } from '../appointments/CancelAppointmentForm';
import { useCentreAppointmentRefresh } from './WalkInPanel';

/** Cancels the centre appointment with one of the Lab API's reasons and an optional note. */
export function CancelCentreAppointment({ order }: { order: Order }) {
  const refresh = useCentreAppointmentRefresh(order.id);
  return (
    <CancelAppointmentForm
      openLabel="Cancel centre appointment"
      title="Cancel the centre appointment?"
      keepLabel="Keep it"
      noteLabel="Note"
      reasonsQuery={pscCancellationReasonsQueryOptions}
      cancel={(reason, note) => cancelCentreAppointment(order.id, reason, note)}
      onCancelled={refresh}
    />
  );
}
