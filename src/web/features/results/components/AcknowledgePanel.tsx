import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { Role } from '../../../../contract/console';
import { can } from '../../../../contract/permissions';
import { RESULT_NOTE_MAX, type ResultVersion } from '../../../../contract/resultsInbox';
import { describeError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/Button';
import { showToast } from '../../../shared/ui/toast';
import {
  RESULTS_INBOX_QUERY_KEY,
  acknowledgeResult,
  acknowledgementsQueryOptions,
  inboxQueryOptions,
} from '../api/inbox';

/**
 * Who acknowledged this version of the results, or the form to do it. An acknowledgement
 * of an earlier version (before a correction) is listed as history, not as done. A critical
 * result needs a note (what was done about it). Once acknowledged, focus moves to the
 * confirmation, which offers the next result waiting in the inbox.
 */
export function AcknowledgePanel({
  orderId,
  current,
  role,
  critical,
}: {
  orderId: string;
  current: ResultVersion;
  role: Role;
  critical: boolean;
}) {
  const heading = useId();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [justDone, setJustDone] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const acks = useQuery(acknowledgementsQueryOptions(orderId));
  const acknowledge = useMutation({
    mutationFn: () =>
      acknowledgeResult({
        order_id: orderId,
        version: current.version,
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: async () => {
      setNote('');
      setJustDone(true);
      showToast({ title: 'Result acknowledged', tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: RESULTS_INBOX_QUERY_KEY });
    },
  });
  const list = acks.data?.acknowledgements ?? [];
  const done = list.find((a) => a.version === current.version);
  const earlier = list.filter((a) => a.version !== current.version);
  const inbox = useQuery({ ...inboxQueryOptions(), enabled: Boolean(done) });
  const next = inbox.data?.items.find((item) => item.order_id !== orderId);
  useEffect(() => {
    if (justDone && done) confirmation.current?.focus();
  }, [justDone, done]);

  return (
    <section aria-labelledby={heading} className="card acknowledge">
      <h2 id={heading}>Acknowledgement</h2>
      {acks.isPending ? (
        <p role="status">Loading …</p>
      ) : acks.error ? (
        <p role="alert" className="form-alert">
          {describeError(acks.error)}
        </p>
      ) : done ? (
        <div className="notice notice--success" role="status" tabIndex={-1} ref={confirmation}>
          <p>
            Acknowledged by {done.acknowledged_by} on {formatDateTime(done.acknowledged_at)}.
          </p>
          {done.note ? <p className="notes-text">Note: {done.note}</p> : null}
          {next ? (
            <p>
              <Link to="/results/$orderId" params={{ orderId: next.order_id }}>
                Next result: {next.patient_name}, {next.lab_test_name}
              </Link>
            </p>
          ) : inbox.data ? (
            <p>No other result waits in the inbox.</p>
          ) : null}
        </div>
      ) : can(role, 'results.acknowledge') ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (critical && !note.trim()) return;
            acknowledge.mutate();
          }}
        >
          <p className="field">
            <label htmlFor={noteId}>
              {critical ? 'Note (required for a critical result)' : 'Note (optional)'}
            </label>
            <textarea
              id={noteId}
              required={critical}
              rows={3}
              maxLength={RESULT_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </p>
          {acknowledge.error ? (
            <p role="alert" className="form-alert">
              {describeError(acknowledge.error)}
            </p>
          ) : null}
          <Button type="submit" isDisabled={acknowledge.isPending}>
            Acknowledge result
          </Button>
        </form>
      ) : (
        <p>Not acknowledged yet. A clinician acknowledges results.</p>
      )}
      {earlier.length > 0 ? (
        <>
          <h3>Earlier versions</h3>
          <ul>
            {earlier.map((a) => (
              <li key={a.version}>
                {`Acknowledged by ${a.acknowledged_by} on ${formatDateTime(a.acknowledged_at)}, before the results changed.`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
