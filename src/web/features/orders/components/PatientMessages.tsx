import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { Order } from '../../../../contract/order';
import { describeError } from '../../../shared/api/client';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { communicationSettingsQueryOptions, setSms } from '../api/orderActions';

/** Text messages the Lab API sends the patient about this order: on or off. */
export function PatientMessages({ order, canAct }: { order: Order; canAct: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const options = communicationSettingsQueryOptions(order.id);
  const settings = useQuery(options);
  const mutation = useMutation({
    mutationFn: (enabled: boolean) => setSms(order.id, enabled),
    onSuccess: (answer) => queryClient.setQueryData(options.queryKey, answer),
  });
  const enabled = settings.data?.sms_enabled;

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Patient messages</h2>
      {settings.isPending ? <Skeleton /> : null}
      {settings.error ? <p role="alert">{describeError(settings.error)}</p> : null}
      {enabled !== undefined ? (
        canAct ? (
          <p className="choice">
            <input
              type="checkbox"
              id={`${id}-sms`}
              checked={enabled}
              disabled={mutation.isPending}
              aria-describedby={`${id}-about`}
              onChange={(e) => mutation.mutate(e.target.checked)}
            />
            <label htmlFor={`${id}-sms`}>Text the patient about this order</label>
          </p>
        ) : (
          <p>Text messages to the patient: {enabled ? 'on' : 'off'}.</p>
        )
      ) : null}
      <p className="muted" id={`${id}-about`}>
        Reminders and status updates by SMS for this order only; e-mail is not affected.
      </p>
      {mutation.error ? (
        <p role="alert">The Lab API refused: {describeError(mutation.error)}</p>
      ) : null}
    </section>
  );
}
