import { useSuspenseQuery } from '@tanstack/react-query';
import { WEBHOOK_INBOX_STATES } from '../../../../contract/webhooks';
import { webhookInboxQueryOptions } from '../api/inbox';
import { TableScroll } from '../../../shared/ui/TableScroll';

const STATE_LABELS: Record<(typeof WEBHOOK_INBOX_STATES)[number], string> = {
  pending: 'Waiting',
  processed: 'Processed',
  ignored: 'Not shown by the console',
  failed: 'Failed',
};

const time = (iso: string) => new Date(iso).toLocaleString();

/**
 * For admins: whether the Lab API's webhooks arrive and are processed, which failed
 * and why, and how far reconciliation has caught up. Ids and event types only.
 */
export function WebhookInboxPage() {
  const { data } = useSuspenseQuery(webhookInboxQueryOptions);
  return (
    <>
      <h1>Webhook inbox</h1>
      <section className="card" aria-labelledby="webhook-states">
        <h2 id="webhook-states">Inbox</h2>
        <dl>
          {WEBHOOK_INBOX_STATES.map((state) => (
            <div key={state}>
              <dt>{STATE_LABELS[state]}</dt>
              <dd>{data.counts[state]}</dd>
            </div>
          ))}
          <div>
            <dt>Reconciled through</dt>
            <dd>{data.reconciledThrough ? time(data.reconciledThrough) : 'Not run yet'}</dd>
          </div>
        </dl>
      </section>
      {data.messages.length === 0 ? (
        <p className="empty">No webhook has arrived yet.</p>
      ) : (
        <TableScroll label="Latest deliveries">
          <table className="table">
            <caption>Latest deliveries</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Event</th>
                <th scope="col">Record</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {data.messages.map((m) => (
                <tr key={m.svixId}>
                  <td>{time(m.receivedAt)}</td>
                  <td>{m.eventType}</td>
                  <td>{m.recordId ?? '—'}</td>
                  <td>{STATE_LABELS[m.state]}</td>
                  <td>{m.attempts}</td>
                  <td>{m.lastError ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
