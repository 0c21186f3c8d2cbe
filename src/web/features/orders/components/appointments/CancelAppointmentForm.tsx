import { useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Appointment, CancellationReason } from '../../../../../contract/appointments';
import { describeError } from '../../../../shared/api/client';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { SelectField } from '../../../../shared/ui/MultiSelect';

/**
 * Cancels an appointment, after a confirmation, with one of the Lab API's reasons (the
 * reasons are only fetched once the dialog opens) and an optional note.
 */
export function CancelAppointmentForm({
  openLabel,
  title,
  keepLabel,
  noteLabel,
  reasonsQuery,
  cancel,
  onCancelled,
}: {
  openLabel: string;
  title: string;
  keepLabel?: string;
  /** The label of the note, named as the Lab API names it. */
  noteLabel: string;
  reasonsQuery: UseQueryOptions<CancellationReason[], Error, CancellationReason[], string[]>;
  cancel: (reasonId: string, note: string) => Promise<Appointment>;
  onCancelled: (appointment: Appointment) => Promise<void>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const reasons = useQuery({ ...reasonsQuery, enabled: open });
  const mutation = useMutation({
    mutationFn: () => cancel(reason, note.trim()),
    onSuccess: async (appointment) => {
      setOpen(false);
      await onCancelled(appointment);
    },
  });
  const chosen = reasons.data?.find((r) => r.id === reason);
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
        {openLabel}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel="Cancel the appointment"
        {...(keepLabel ? { cancelLabel: keepLabel } : {})}
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
        <div className="field">
          <SelectField
            label="Reason"
            placeholder="Choose a reason"
            isRequired
            value={reason}
            onChange={setReason}
            options={(reasons.data ?? []).map((r) => ({ id: r.id, label: r.name }))}
          />
        </div>
        {chosen && !chosen.is_refundable ? <p>This cancellation is not refundable.</p> : null}
        <p className="field">
          <label htmlFor={`${id}-note`}>{noteLabel}</label>
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
