import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Order } from '../../../../../contract/order';
import { describeError } from '../../../../shared/api/client';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import {
  cancelCentreAppointment,
  pscCancellationReasonsQueryOptions,
} from '../../api/orderActions';
import { useAppointmentRefresh } from './WalkInPanel';

/** Cancels the centre appointment with one of the Lab API's reasons and an optional note. */
export function CancelCentreAppointment({ order }: { order: Order }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const reasons = useQuery({ ...pscCancellationReasonsQueryOptions, enabled: open });
  const refresh = useAppointmentRefresh(order.id);
  const mutation = useMutation({
    mutationFn: () => cancelCentreAppointment(order.id, reason, note.trim()),
    onSuccess: async (appointment) => {
      setOpen(false);
      await refresh(appointment);
    },
  });
  return (
    <>
      <button
        type="button"
        className="button button--danger"
        onClick={() => {
          mutation.reset();
          setMissingReason(false);
          setOpen(true);
        }}
      >
        Cancel centre appointment
      </button>
      <ConfirmDialog
        open={open}
        title="Cancel the centre appointment?"
        confirmLabel="Cancel the appointment"
        cancelLabel="Keep it"
        busy={mutation.isPending}
        error={
          missingReason
            ? 'Choose a reason.'
            : mutation.error
              ? `The Lab API refused: ${describeError(mutation.error)}`
              : reasons.error
                ? describeError(reasons.error)
                : null
        }
        onConfirm={() => {
          setMissingReason(!reason);
          if (reason) mutation.mutate();
        }}
        onClose={() => setOpen(false)}
      >
        <p className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          >
            <option value="">Choose a reason</option>
            {(reasons.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor={`${id}-note`}>Note</label>
          <textarea
            id={`${id}-note`}
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
            rows={2}
          />
        </p>
      </ConfirmDialog>
    </>
  );
}
