import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { utcToday } from '../../../../contract/orderRequest';
import { ACTIVATION_CHANGEABLE, activationDateSchemaFor } from '../../../../contract/orderActions';
import type { Order } from '../../../../contract/order';
import { parseOrderStatus } from '../../../../contract/status';
import { formatDate } from '../../../shared/lib/format';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { showToast } from '../../../shared/ui/toast';
import { changeActivation } from '../api/orderActions';
import { explainActivationRefusal } from '../lib/orderActionErrors';
import { orderKeys } from '../../../shared/api/orders';

/**
 * A scheduled order waits for its activation date before the Lab API sends it to the
 * lab. While it still waits (ordered, or a kit awaiting registration) a coordinator
 * moves the date or clears it, which sends the order on now.
 */
export function ScheduledActivation({ order }: { order: Order }) {
  const id = useId();
  const queryClient = useQueryClient();
  const low = parseOrderStatus(order.last_event.status).lowLevel;
  const [date, setDate] = useState(order.activate_by ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const mutation = useMutation({
    mutationFn: (activateBy: string | null) => changeActivation(order.id, activateBy),
    onSuccess: async (answer, activateBy) => {
      setConfirmClear(false);
      showToast({
        tone: 'success',
        title: activateBy
          ? `Activation moved to ${formatDate(activateBy)}`
          : 'Schedule cleared: the order goes to the lab now',
      });
      setDate(answer.order.activate_by ?? '');
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });

  if (!order.activate_by) return null;
  if (!(ACTIVATION_CHANGEABLE as readonly string[]).includes(low)) return null;
  const today = utcToday();

  return (
    <section aria-labelledby={`${id}-heading`} className="card">
      <h2 id={`${id}-heading`}>Scheduled activation</h2>
      <p>
        This order waits until <strong>{formatDate(order.activate_by)}</strong> before it goes to
        the lab.
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = activationDateSchemaFor(today).safeParse({ activate_by: date });
          setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the date'));
          if (parsed.success) mutation.mutate(parsed.data.activate_by);
        }}
      >
        <p className="field">
          <label htmlFor={`${id}-date`}>New activation date</label>
          <input
            id={`${id}-date`}
            type="date"
            min={today}
            value={date}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-invalid` : undefined}
            onChange={(e) => setDate(e.target.value)}
          />
          {invalid ? (
            <span id={`${id}-invalid`} className="field-error">
              {invalid}
            </span>
          ) : null}
        </p>
        <div className="actions">
          <button type="submit" className="button" disabled={mutation.isPending}>
            Change activation date
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              mutation.reset();
              setConfirmClear(true);
            }}
          >
            Send to the lab now
          </button>
        </div>
        {mutation.error && !confirmClear ? (
          <p role="alert">{explainActivationRefusal(mutation.error)}</p>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirmClear}
        title="Clear the schedule?"
        confirmLabel="Send to the lab now"
        cancelLabel="Keep the date"
        busy={mutation.isPending}
        error={mutation.error ? explainActivationRefusal(mutation.error) : null}
        onConfirm={() => mutation.mutate(null)}
        onClose={() => setConfirmClear(false)}
      >
        <p>The order stops waiting and is sent to the lab at once.</p>
      </ConfirmDialog>
    </section>
  );
}
