import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Order } from '../../../../contract/order';
import { describeError } from '../../../shared/api/client';
import { formatDateTime, humanize } from '../../../shared/lib/format';
import { describeStatus } from '../../../shared/lib/labels';
import { Button } from '../../../shared/ui/Button';
import { Pending } from '../../../shared/ui/states';
import { downloadFile } from '../../../shared/api/download';
import { orderTransactionQueryOptions, transactionResultPdfPath } from '../api/documents';

/** Statuses after which an attempt has results of its own to read. */
const WITH_RESULTS = new Set(['partial_results', 'completed', 'corrected', 'redraw_available']);

/**
 * The order's family as one history (docs/lab-api-facts.md §14: group by the transaction): the initial
 * order, its redraw and any recreation, each attempt with its own results, and the
 * results of all attempts combined in one PDF.
 */
export function OrderHistory({ order, readsResults }: { order: Order; readsResults: boolean }) {
  const heading = useId();
  const transactionId = order.order_transaction?.id;
  const transaction = useQuery({
    ...orderTransactionQueryOptions(transactionId ?? ''),
    enabled: transactionId !== undefined,
  });
  const [download, setDownload] = useState<string | null>(null);
  if (!transactionId) return null;

  const members = transaction.data?.orders ?? [];
  const anyResults = members.some((m) => WITH_RESULTS.has(m.last_status));
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>Order history</h2>
      {transaction.isPending ? <Pending label="Loading the order history …" lines={2} /> : null}
      {transaction.isError ? (
        <p role="alert">The history could not be read: {describeError(transaction.error)}</p>
      ) : null}
      {transaction.data ? (
        <>
          <p>
            {members.length === 1
              ? 'This order has not been redrawn or recreated.'
              : `${members.length} attempts`}{' '}
            · {humanize(transaction.data.status)}
          </p>
          <ol className="history">
            {members.map((member, index) => (
              <li key={member.id} className="card history__attempt">
                <h3>
                  Attempt {index + 1}: {humanize(member.origin ?? 'initial')}
                  {member.id === order.id ? ' (this order)' : ''}
                </h3>
                <p>
                  {describeStatus(`x.x.${member.last_status}`).text} since{' '}
                  <time dateTime={member.last_status_created_at}>
                    {formatDateTime(member.last_status_created_at)}
                  </time>
                  {' · '}
                  {member.id === order.id ? (
                    <span className="mono">{member.id.slice(0, 8)}</span>
                  ) : (
                    <Link to="/orders/$orderId" params={{ orderId: member.id }} className="mono">
                      Open order {member.id.slice(0, 8)}
                    </Link>
                  )}
                </p>
                {readsResults && WITH_RESULTS.has(member.last_status) ? (
                  <p>
                    <Link to="/results/$orderId" params={{ orderId: member.id }}>
                      Results of attempt {index + 1}
                    </Link>
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          {readsResults && anyResults && members.length > 1 ? (
            <p>
              <Button
                variant="secondary"
                onPress={() => {
                  setDownload('Downloading …');
                  downloadFile(
                    transactionResultPdfPath(transactionId),
                    `results-${transactionId}.pdf`,
                  )
                    .then(() => setDownload('Downloaded.'))
                    .catch((e: unknown) => setDownload(describeError(e)));
                }}
              >
                Combined results of all attempts (PDF)
              </Button>{' '}
              <span role="status">{download ?? ''}</span>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
