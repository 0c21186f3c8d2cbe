import type { ReactNode } from 'react';
import type { Order } from '../../../../contract/order';
import { formatDate, formatDateTime, humanize } from '../../../shared/lib/format';
import { describeCollectionMethod, describeStatusDetail } from '../../../shared/lib/labels';
import { overdueLevel } from '../lib/ordersSearch';
import { StatusText } from './StatusText';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const none = (text = 'None') => <span className="muted">{text}</span>;

/** What to read about an order at a glance. The deprecated `status` is never used. */
export function OrderFacts({ order }: { order: Order }) {
  const current = order.last_event;
  const done = /^(completed|cancelled|failed)\./.test(current.status);
  const late = done ? null : overdueLevel(order, new Date().toISOString().slice(0, 10));

  return (
    <dl className="facts">
      <Fact term="Status">
        <StatusText status={current.status} showStage />
        {current.status_detail ? (
          <span className="status-detail"> · {describeStatusDetail(current.status_detail)}</span>
        ) : null}
      </Fact>
      <Fact term="Order ID">
        <span className="mono">{order.id}</span>
      </Fact>
      <Fact term="Sample ID">
        {order.sample_id ? (
          <span className="mono">{order.sample_id}</span>
        ) : (
          none('Not assigned yet')
        )}
      </Fact>
      <Fact term="Collection method">{describeCollectionMethod(order.details.type)}</Fact>
      {order.lab_test.lab ? <Fact term="Lab">{order.lab_test.lab.name}</Fact> : null}
      <Fact term="Created">
        <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
      </Fact>
      <Fact term="Last updated">
        <time dateTime={order.updated_at}>{formatDateTime(order.updated_at)}</time>
      </Fact>
      <Fact term="Expected result">
        {order.expected_result_by_date ? (
          <>
            <time dateTime={order.expected_result_by_date}>
              {formatDate(order.expected_result_by_date)}
            </time>
            {late === 'late' ? <span className="badge badge--late">Overdue</span> : null}
          </>
        ) : (
          none('Not yet known')
        )}
      </Fact>
      <Fact term="Worst-case result">
        {order.worst_case_result_by_date ? (
          <>
            <time dateTime={order.worst_case_result_by_date}>
              {formatDate(order.worst_case_result_by_date)}
            </time>
            {late === 'very-late' ? (
              <span className="badge badge--very-late">Past worst case</span>
            ) : null}
          </>
        ) : (
          none('Not yet known')
        )}
      </Fact>
      <Fact term="Interpretation">
        {order.interpretation ? humanize(order.interpretation) : none('None yet')}
      </Fact>
      <Fact term="Missing results">
        {order.has_missing_results === true
          ? 'Some markers have no result'
          : order.has_missing_results === false
            ? 'None'
            : none('Not known yet')}
      </Fact>
      <Fact term="Priority (STAT)">{order.priority ? 'Yes' : 'No'}</Fact>
      <Fact term="ABN">{order.has_abn ? 'Signed (Advance Beneficiary Notice)' : 'No'}</Fact>
      <Fact term="Activation">
        {order.activate_by ? (
          <>
            Scheduled: activates{' '}
            <time dateTime={order.activate_by}>{formatDate(order.activate_by)}</time>
          </>
        ) : (
          'Current'
        )}
      </Fact>
      <Fact term="Physician">
        {order.physician
          ? `${order.physician.first_name} ${order.physician.last_name} (NPI ${order.physician.npi})`
          : none()}
      </Fact>
      <Fact term="Billing">{humanize(order.billing_type)}</Fact>
      <Fact term="ICD codes">{order.icd_codes?.length ? order.icd_codes.join(', ') : none()}</Fact>
      <Fact term="Passthrough">
        {order.passthrough ? <span className="mono">{order.passthrough}</span> : none()}
      </Fact>
      <Fact term="Clinical notes">
        {order.clinical_notes ? (
          <span className="notes-text">{order.clinical_notes.trim()}</span>
        ) : (
          none()
        )}
      </Fact>
      {order.notes ? <Fact term="Notes">{order.notes}</Fact> : null}
    </dl>
  );
}
