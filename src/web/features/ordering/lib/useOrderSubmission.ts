import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SubmissionKeys, isRetryable } from './submissionKeys';

/**
 * The submission every order form shares: one idempotency key per attempt (reused
 * when a retry may still find the first order), then, on success, the orders list is
 * refreshed and the new order opened. A failure is re-thrown for the form to explain.
 */
export function useOrderSubmission<Request>(
  send: (request: Request, idempotencyKey: string) => Promise<{ order: { id: string } }>,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [keys] = useState(() => new SubmissionKeys());
  const [done, setDone] = useState(false);

  const submit = async (request: Request) => {
    const key = keys.keyFor(JSON.stringify(request));
    try {
      const answer = await send(request, key);
      keys.settle();
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await navigate({
        to: '/orders/$orderId',
        params: { orderId: answer.order.id },
        ignoreBlocker: true,
      });
    } catch (error) {
      if (!isRetryable(error)) keys.settle();
      throw error;
    }
  };

  return { submit, done };
}
