import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { Role } from '../../../../contract/console';
import { can } from '../../../../contract/permissions';
import type { InboxItem } from '../../../../contract/resultsInbox';
import { describeError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { Badge } from '../../../shared/ui/StatusBadge';
import { EmptyState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { RESULTS_INBOX_QUERY_KEY, acknowledgeNormals, inboxQueryOptions } from '../api/inbox';
import { BULK_UNDO_SECONDS, bulkQuestion, selectableAtOnce } from '../lib/bulkAcknowledge';
import type { InboxSearch } from '../lib/inboxSearch';
import {
  INTERPRETATION_TONES,
  RESULT_STATUS_WORDS,
  interpretationWords,
  waitedFor,
} from '../lib/labels';
import { InboxFilters } from './InboxFilters';
import { InboxFlaggedMarkers } from './InboxFlaggedMarkers';
import './results.css';
import { TableScroll } from '../../../shared/ui/TableScroll';

/**
 * Results nobody in the team has acknowledged yet, the dangerous ones first. Clinicians
 * open each one to acknowledge it; normal results can be acknowledged together.
 */
export function ResultsInboxPage({ search, role }: { search: InboxSearch; role: Role }) {
  usePageTitle('Results inbox');
  const inbox = useQuery(inboxQueryOptions(search));
  const canAcknowledge = can(role, 'results.acknowledge');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const queryClient = useQueryClient();
  const caption = useId();
  const bulk = useMutation({
    mutationFn: (items: InboxItem[]) =>
      acknowledgeNormals({
        items: items.map((i) => ({ order_id: i.order_id, version: i.version })),
      }),
    onSuccess: async () => {
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: RESULTS_INBOX_QUERY_KEY });
    },
  });

  const items = inbox.data?.items ?? [];
  const normals = items.filter((i) => i.interpretation === 'normal');
  const atOnce = selectableAtOnce(items);
  const chosen = normals.filter((i) => selected.has(i.order_id));
  const allChosen = atOnce.length > 0 && atOnce.every((i) => selected.has(i.order_id));
  const [asking, setAsking] = useState(false);
  // Confirmed but not yet sent: undoable until the countdown ends.
  const [pending, setPending] = useState<{ items: InboxItem[]; left: number } | null>(null);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  // Leaving the page inside the window drops the acknowledgement: nothing was recorded.
  useEffect(() => () => clearInterval(timer.current), []);
  const startPending = (toSend: InboxItem[]) => {
    let left = BULK_UNDO_SECONDS;
    setPending({ items: toSend, left });
    timer.current = setInterval(() => {
      left -= 1;
      if (left > 0) {
        setPending({ items: toSend, left });
        return;
      }
      clearInterval(timer.current);
      setPending(null);
      bulk.mutate(toSend);
    }, 1000);
  };
  const undo = () => {
    clearInterval(timer.current);
    setPending(null);
  };
  const toggle = (orderId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  // Ages as of the last read: the inbox refreshes itself, and a render stays pure.
  const now = inbox.dataUpdatedAt;

  return (
    <>
      <h1>Results inbox</h1>
      <p className="muted">
        Results the team has not acknowledged yet: critical first, then abnormal, oldest first.
        {inbox.data
          ? ` A critical result is overdue after ${inbox.data.critical_ack_minutes} minutes.`
          : ''}
      </p>
      {inbox.data ? <InboxFilters search={search} inbox={inbox.data} /> : null}
      {inbox.isPending ? (
        <Skeleton variant="table" lines={6} label="Loading the results inbox …" />
      ) : inbox.error ? (
        <div className="state state--error">
          <p role="alert" className="form-alert">
            {describeError(inbox.error)}
          </p>
          <Button variant="secondary" onPress={() => void inbox.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          title={
            inbox.data.total === 0 ? 'All results acknowledged' : 'No result matches the filters'
          }
        >
          <p>
            {inbox.data.total === 0
              ? 'New results appear here as the lab reports them.'
              : `${inbox.data.total} results wait in the whole inbox.`}
          </p>
        </EmptyState>
      ) : (
        <>
          {canAcknowledge && normals.length > 0 ? (
            <div className="inbox-bulk" role="group" aria-label="Acknowledge normal results">
              <Button
                variant="secondary"
                size="small"
                isDisabled={pending !== null}
                onPress={() =>
                  setSelected(allChosen ? new Set() : new Set(atOnce.map((n) => n.order_id)))
                }
              >
                {allChosen ? 'Clear selection' : 'Select all final normal results'}
              </Button>
              <Button
                size="small"
                isDisabled={chosen.length === 0 || bulk.isPending || pending !== null}
                onPress={() => setAsking(true)}
              >
                {chosen.length === 0
                  ? 'Acknowledge selected'
                  : `Acknowledge ${chosen.length} normal ${chosen.length === 1 ? 'result' : 'results'}`}
              </Button>
              <p role="status" className="inbox-bulk__pending">
                {pending
                  ? `${String(pending.items.length)} normal ${pending.items.length === 1 ? 'result' : 'results'} will be acknowledged in ${String(pending.left)} s.`
                  : ''}
              </p>
              {pending ? (
                <Button variant="secondary" size="small" onPress={undo}>
                  Undo
                </Button>
              ) : null}
              <ConfirmDialog
                open={asking}
                title={bulkQuestion(chosen)}
                confirmLabel="Acknowledge"
                cancelLabel="Cancel"
                onClose={() => setAsking(false)}
                onConfirm={() => {
                  setAsking(false);
                  startPending(chosen);
                }}
              >
                <p>
                  {`Each is recorded as acknowledged by you. You can undo for ${String(BULK_UNDO_SECONDS)} seconds.`}
                </p>
              </ConfirmDialog>
              {bulk.error ? (
                <p role="alert" className="form-alert">
                  {describeError(bulk.error)}
                </p>
              ) : null}
            </div>
          ) : null}
          <TableScroll label="Results waiting">
            <table className="table inbox-table" aria-labelledby={caption}>
              <caption id={caption}>
                {`Showing ${items.length} of ${inbox.data.total} waiting`}
                {inbox.data.truncated ? ' (the oldest are not read: narrow the filters)' : ''}
              </caption>
              <thead>
                <tr>
                  {canAcknowledge ? (
                    <th scope="col">
                      <span className="visually-hidden">Select</span>
                    </th>
                  ) : null}
                  <th scope="col">Patient</th>
                  <th scope="col">Test</th>
                  <th scope="col">Interpretation</th>
                  <th scope="col">Report</th>
                  <th scope="col">Waiting</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr
                    key={item.order_id}
                    className={item.overdue ? 'inbox-row--overdue' : undefined}
                  >
                    {canAcknowledge ? (
                      <td className="inbox-table__select">
                        {item.interpretation === 'normal' ? (
                          <input
                            type="checkbox"
                            className="inbox-check"
                            aria-label={`Select ${item.patient_name}, ${item.lab_test_name}`}
                            checked={selected.has(item.order_id)}
                            onChange={(event) => toggle(item.order_id, event.target.checked)}
                          />
                        ) : null}
                      </td>
                    ) : null}
                    <th scope="row">
                      <Link to="/results/$orderId" params={{ orderId: item.order_id }}>
                        {item.patient_name}
                      </Link>
                    </th>
                    <td data-label="Test">{item.lab_test_name}</td>
                    <td data-label="Interpretation">
                      <span className="inbox-flags">
                        <Badge tone={INTERPRETATION_TONES[item.interpretation ?? ''] ?? 'neutral'}>
                          {interpretationWords(item.interpretation)}
                        </Badge>
                        {item.overdue ? <Badge tone="danger">Overdue</Badge> : null}
                      </span>
                      {item.interpretation && item.interpretation !== 'normal' ? (
                        <InboxFlaggedMarkers orderId={item.order_id} />
                      ) : null}
                    </td>
                    <td data-label="Report">
                      {RESULT_STATUS_WORDS[item.status]}
                      {item.reopened ? <span className="muted"> · reopened</span> : null}
                    </td>
                    <td data-label="Waiting">
                      <time dateTime={item.reported_at} title={formatDateTime(item.reported_at)}>
                        {waitedFor(item.reported_at, now)}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </>
  );
}
