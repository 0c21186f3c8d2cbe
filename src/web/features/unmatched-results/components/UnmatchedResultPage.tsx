import { useMutation, useQueries, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Role } from '../../../../contract/console';
import { patientDisplayName, type Order } from '../../../../contract/order';
import type { MatchCandidate, UnmatchedResult } from '../../../../contract/unmatchedResults';
import { describeError } from '../../../shared/api/client';
import { formatBirthDate, formatDate, formatDateTime, humanize } from '../../../shared/lib/format';
import { describeStatus } from '../../../shared/lib/labels';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { orderQueryOptions } from '../../../shared/api/orders';
import {
  acceptUnmatchedResult,
  resolveUnmatchedResult,
  unmatchedResultKeys,
  unmatchedResultQueryOptions,
} from '../api/unmatchedResults';
import { describeDecision, describeReason, describeReviewStatus } from '../lib/labels';
import { canActOnUnmatchedResults } from '../../../shared/lib/permissions';

const patientName = (p: UnmatchedResult['patient']) =>
  p ? `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() || 'No name' : 'No demographics';

/** A value of the candidate that differs from the result's is marked, in words too. */
function Compared({
  value,
  expected,
}: {
  value: string | null | undefined;
  expected: string | null | undefined;
}) {
  if (!value) return <span className="muted">Not known</span>;
  const differs =
    expected !== undefined && expected !== null && value.toLowerCase() !== expected.toLowerCase();
  return differs ? (
    <mark className="differs">
      {value} <span className="visually-hidden">(differs from the result)</span>
    </mark>
  ) : (
    <>{value}</>
  );
}

function overlapText(overlap: unknown): string | null {
  if (!overlap || typeof overlap !== 'object') return null;
  const o = overlap as { matching?: unknown; result_markers?: unknown };
  if (Array.isArray(o.matching) && typeof o.result_markers === 'number') {
    return `${String(o.matching.length)} of ${String(o.result_markers)} markers ordered`;
  }
  return null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A moment reads as a date and time; other text as it is. */
const readable = (text: string) => (ISO_MOMENT.test(text) ? formatDateTime(text) : text);

/** `collecting_sample.walk_in_test.redraw_available` → "Redraw available (Collecting sample)". */
function statusText(raw: string | null | undefined): string {
  if (!raw) return 'Not known';
  const { text, stage } = describeStatus(raw);
  return stage && stage !== text ? `${text} (${stage})` : text;
}

/** status_context is free-form: text as it is, an object as its readable pairs. */
function contextText(context: unknown): string | null {
  if (typeof context === 'string') return context;
  if (!context || typeof context !== 'object') return null;
  return Object.entries(context)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => {
      const text =
        typeof v !== 'string' ? String(v) : k.endsWith('status') ? statusText(v) : readable(v);
      return `${humanize(k)}: ${text}`;
    })
    .join('; ');
}

function CandidateCard({
  result,
  candidate,
  order,
  canAccept,
  busy,
  onAccept,
}: {
  result: UnmatchedResult;
  candidate: MatchCandidate;
  order: Order | undefined;
  canAccept: boolean;
  busy: boolean;
  onAccept: () => void;
}) {
  const headingId = useId();
  const p = order?.patient_details;
  const overlap = overlapText(candidate.marker_overlap);
  return (
    <section className="card candidate" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {p ? patientDisplayName(p) : 'Candidate order'}{' '}
        <span className="h1-sub">{candidate.confidence_level} confidence</span>
      </h3>
      <dl className="facts">
        <div>
          <dt>First name</dt>
          <dd>
            <Compared value={p?.first_name} expected={result.patient?.first_name} />
          </dd>
        </div>
        <div>
          <dt>Last name</dt>
          <dd>
            <Compared value={p?.last_name} expected={result.patient?.last_name} />
          </dd>
        </div>
        <div>
          <dt>Date of birth</dt>
          <dd>
            <Compared
              value={p ? formatBirthDate(p.dob) : null}
              expected={result.patient?.dob ? formatBirthDate(result.patient.dob) : null}
            />
          </dd>
        </div>
        <div>
          <dt>Lab</dt>
          <dd>
            <Compared value={order?.lab_test.lab?.name} expected={result.lab.name} />
          </dd>
        </div>
        <div>
          <dt>Order status</dt>
          <dd>{statusText(candidate.last_status ?? order?.last_event.status)}</dd>
        </div>
        <div>
          <dt>Score</dt>
          <dd>
            {typeof candidate.confidence_score === 'number'
              ? `${Math.round(candidate.confidence_score * 100)} %`
              : 'Not given'}
          </dd>
        </div>
        {contextText(candidate.status_context) ? (
          <div>
            <dt>Status context</dt>
            <dd>{contextText(candidate.status_context)}</dd>
          </div>
        ) : null}
        {overlap ? (
          <div>
            <dt>Marker overlap</dt>
            <dd>{overlap}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        <strong>Why:</strong>{' '}
        {candidate.reasons.map(describeReason).join(', ') || 'No reasons given'}
      </p>
      {candidate.order_id ? (
        <p>
          <Link to="/orders/$orderId" params={{ orderId: candidate.order_id }}>
            Open order
          </Link>
        </p>
      ) : null}
      {canAccept && candidate.order_id ? (
        <button type="button" className="button" disabled={busy} onClick={onAccept}>
          Accept this order
        </button>
      ) : null}
    </section>
  );
}

/** What an action would do, held until the reviewer confirms it. */
type PendingAction =
  | { kind: 'accept-order'; orderId: string; order: string }
  | { kind: 'accept-patient'; userId: string; patient: string }
  | { kind: 'reject' };

/** An order as a reviewer tells it apart: its patient, its test and when it was placed. */
function describeOrder(order: Order | undefined, orderId: string): string {
  if (!order) return `order ${orderId.slice(0, 8)}`;
  const who = order.patient_details ? patientDisplayName(order.patient_details) : 'a patient';
  return `the ${order.lab_test.name} order for ${who}, placed ${formatDate(order.created_at)}`;
}

export function UnmatchedResultPage({ resultId, role }: { resultId: string; role: Role }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const options = unmatchedResultQueryOptions(resultId);
  const { data: result } = useSuspenseQuery(options);
  const title = patientName(result.patient);
  usePageTitle(`Unmatched result: ${title}`);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const resultName = `the ${result.lab.name} result for ${title}, received ${formatDateTime(result.created_at)}`;

  const candidates = result.candidate_groups.flatMap((g) => g.candidates);
  const orders = useQueries({
    queries: candidates.map((c) => ({
      ...orderQueryOptions(c.order_id ?? ''),
      enabled: !!c.order_id,
    })),
  });
  const orderOf = (c: MatchCandidate) => orders[candidates.indexOf(c)]?.data;

  // After a failed action the result may have changed (docs/lab-api-facts.md §14.9): read it again.
  const onError = (error: unknown) => {
    setPending(null);
    setDone(null);
    setFailure(describeError(error));
    void queryClient.invalidateQueries({ queryKey: options.queryKey });
  };
  /** An order of the candidates, or a patient alone (the Lab API then recreates an order). */
  const accept = useMutation({
    mutationFn: (target: { order_id: string } | { user_id: string }) =>
      acceptUnmatchedResult(resultId, {
        ...target,
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: async (order) => {
      await queryClient.invalidateQueries({ queryKey: unmatchedResultKeys.all });
      await navigate({ to: '/orders/$orderId', params: { orderId: order.id } });
    },
    onError,
  });
  const resolve = useMutation({
    mutationFn: (action: 'reject' | 'unsure') =>
      resolveUnmatchedResult(resultId, { action, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (updated) => {
      setPending(null);
      setFailure(null);
      setDone(`Saved. Status: ${describeReviewStatus(updated.status)}.`);
      queryClient.setQueryData(options.queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: unmatchedResultKeys.lists() });
    },
    onError,
  });

  const canAct = canActOnUnmatchedResults(role);
  const patientOfGroup = (userId: string) => {
    const c = result.candidate_groups.find((g) => g.user_id === userId)?.candidates[0];
    const p = c ? orderOf(c)?.patient_details : undefined;
    return p ? patientDisplayName(p) : userId;
  };
  const allowed = new Set(result.allowed_actions);
  const busy = accept.isPending || resolve.isPending;
  const noteId = useId();

  return (
    <>
      <p className="breadcrumb">
        <Link to="/unmatched-results">Back to unmatched results</Link>
      </p>
      <h1>
        {title} <span className="h1-sub">unmatched result</span>
      </h1>
      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd>{describeReviewStatus(result.status)}</dd>
        </div>
        <div>
          <dt>Decision</dt>
          <dd>{describeDecision(result.decision_code)}</dd>
        </div>
        <div>
          <dt>Reason</dt>
          <dd>{result.reason ?? 'None given'}</dd>
        </div>
        <div>
          <dt>Sub-reasons</dt>
          <dd>{result.sub_reason_codes.map(describeReason).join(', ') || 'None'}</dd>
        </div>
        <div>
          <dt>Date of birth</dt>
          <dd>{result.patient?.dob ? formatBirthDate(result.patient.dob) : 'Not given'}</dd>
        </div>
        <div>
          <dt>Sex</dt>
          <dd>{result.patient?.gender ? humanize(result.patient.gender) : 'Not given'}</dd>
        </div>
        <div>
          <dt>Lab</dt>
          <dd>{result.lab.name}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>
            <time dateTime={result.created_at}>{formatDateTime(result.created_at)}</time>
          </dd>
        </div>
        {result.note ? (
          <div>
            <dt>Note</dt>
            <dd>{result.note}</dd>
          </div>
        ) : null}
      </dl>

      <h2>Markers</h2>
      <ul className="marker-list">
        {result.markers.map((m) => (
          <li key={`${m.provider_id ?? ''}${m.name}`}>{m.name}</li>
        ))}
      </ul>

      <h2>Candidates</h2>
      {candidates.length === 0 ? (
        <p className="empty">No candidate orders or patients.</p>
      ) : (
        <div className="candidates">
          {candidates.map((c, i) => (
            <CandidateCard
              key={`${c.order_id ?? ''}-${String(i)}`}
              result={result}
              candidate={c}
              order={orderOf(c)}
              canAccept={canAct && allowed.has('accept')}
              busy={busy}
              onAccept={() => {
                if (c.order_id)
                  setPending({
                    kind: 'accept-order',
                    orderId: c.order_id,
                    order: describeOrder(orderOf(c), c.order_id),
                  });
              }}
            />
          ))}
        </div>
      )}

      {canAct && allowed.has('accept')
        ? result.candidate_groups
            .filter((g) => g.user_id)
            .map((g) => (
              <p key={g.user_id}>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() =>
                    setPending({
                      kind: 'accept-patient',
                      userId: g.user_id ?? '',
                      patient: patientOfGroup(g.user_id ?? ''),
                    })
                  }
                >
                  Accept patient only ({patientOfGroup(g.user_id ?? '')}): new order
                </button>
              </p>
            ))
        : null}

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'reject'
            ? 'Reject this result?'
            : pending?.kind === 'accept-patient'
              ? 'Attach this result to the patient?'
              : 'Attach this result to the order?'
        }
        confirmLabel={
          pending?.kind === 'reject'
            ? 'Reject the result'
            : pending?.kind === 'accept-patient'
              ? 'Attach and create an order'
              : 'Attach to this order'
        }
        cancelLabel="Go back"
        busy={busy}
        onConfirm={() => {
          if (!pending) return;
          if (pending.kind === 'accept-order') accept.mutate({ order_id: pending.orderId });
          else if (pending.kind === 'accept-patient') accept.mutate({ user_id: pending.userId });
          else resolve.mutate('reject');
        }}
        onClose={() => setPending(null)}
      >
        <p>
          {pending?.kind === 'reject'
            ? `${capitalise(resultName)} will be discarded: it will not be attached to any order.`
            : pending?.kind === 'accept-patient'
              ? `${capitalise(resultName)} will be attached to ${pending.patient}, in a new order.`
              : `${capitalise(resultName)} will be attached to ${pending?.order ?? 'the order'}.`}
        </p>
      </ConfirmDialog>

      <p role="status">{done}</p>
      {failure ? (
        <div role="alert" className="form-alert">
          <p>The action failed: {failure}</p>
          <p>The result was read again; check what it allows now.</p>
        </div>
      ) : null}

      {canAct && allowed.size > 0 ? (
        <section className="card" aria-labelledby={`${noteId}-h`}>
          <h2 id={`${noteId}-h`}>Review</h2>
          <div className="form">
            <div className="field">
              <label htmlFor={noteId}>Note (optional)</label>
              <textarea
                id={noteId}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
          </div>
          <div className="actions">
            {allowed.has('unsure') ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => resolve.mutate('unsure')}
              >
                Unsure: escalate to operations
              </button>
            ) : null}
            {allowed.has('reject') ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => setPending({ kind: 'reject' })}
              >
                Reject result
              </button>
            ) : null}
          </div>
        </section>
      ) : (
        <p className="muted">
          {canAct
            ? 'No review actions are open for this result.'
            : 'Only ops staff act on results.'}
        </p>
      )}
    </>
  );
}
