import type { ReactNode } from 'react';
import { patientDisplayName, type Order } from '../../../../contract/order';
import { ageOn } from '../../../../contract/orderRequest';
import {
  formatBirthDate,
  formatDate,
  formatDateTime,
  formatPrice,
  humanize,
} from '../../../shared/lib/format';
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

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function addressLines(address: unknown): string | null {
  if (!address || typeof address !== 'object') return null;
  const a = address as Record<string, unknown>;
  const cityLine = [text(a.city), [text(a.state), text(a.zip)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    [text(a.first_line), text(a.second_line), cityLine, text(a.country)]
      .filter(Boolean)
      .join(', ') || null
  );
}

/**
 * What was entered for the patient, from the order itself: date of birth with age, sex,
 * contact, address, demographics, the medical proxy of a minor, and how it is billed.
 */
export function OrderPatientFacts({ order }: { order: Order }) {
  const patient = order.patient_details;
  const today = new Date().toISOString().slice(0, 10);
  const dob = patient?.dob.slice(0, 10) ?? null;
  const age = dob ? ageOn(dob, today) : null;
  const proxy = patient?.medical_proxy;
  const proxyName = proxy ? [text(proxy.first_name), text(proxy.last_name)].filter(Boolean) : [];
  const address = order.patient_address;

  return (
    <>
      <section className="card" aria-labelledby={`patient-${order.id}`}>
        <h2 id={`patient-${order.id}`}>Patient as entered</h2>
        {patient ? (
          <dl className="facts">
            <Fact term="Name">{patientDisplayName(patient)}</Fact>
            <Fact term="Date of birth">
              {dob ? (
                <>
                  <time dateTime={dob}>{formatBirthDate(dob)}</time>
                  {age !== null ? ` (age ${String(age)})` : null}
                </>
              ) : (
                none('Not given')
              )}
            </Fact>
            <Fact term="Sex">{humanize(patient.gender)}</Fact>
            <Fact term="Phone">{patient.phone_number ?? none('Not given')}</Fact>
            <Fact term="Email">{patient.email ?? none('Not given')}</Fact>
            <Fact term="Address">
              {address ? (
                <>
                  {addressLines(address)}
                  {address.access_notes ? (
                    <span className="muted"> · Access notes: {address.access_notes}</span>
                  ) : null}
                </>
              ) : (
                none('Not given')
              )}
            </Fact>
            {patient.race ? <Fact term="Race">{humanize(patient.race)}</Fact> : null}
            {patient.ethnicity ? <Fact term="Ethnicity">{humanize(patient.ethnicity)}</Fact> : null}
            {patient.sexual_orientation ? (
              <Fact term="Sexual orientation">{humanize(patient.sexual_orientation)}</Fact>
            ) : null}
            {patient.gender_identity ? (
              <Fact term="Gender identity">{humanize(patient.gender_identity)}</Fact>
            ) : null}
          </dl>
        ) : (
          <p className="muted">
            No patient details yet: a test kit gets them when it is registered.
          </p>
        )}
      </section>

      {proxy ? (
        <section className="card" aria-labelledby={`proxy-${order.id}`}>
          <h2 id={`proxy-${order.id}`}>Medical proxy (guarantor)</h2>
          <dl className="facts">
            <Fact term="Name">{proxyName.length ? proxyName.join(' ') : none('Not given')}</Fact>
            <Fact term="Phone">{text(proxy.phone_number) ?? none('Not given')}</Fact>
            <Fact term="Email">{text(proxy.email) ?? none('Not given')}</Fact>
            <Fact term="Address">{addressLines(proxy.address) ?? none('Not given')}</Fact>
            {typeof proxy.household_income === 'number' ? (
              <Fact term="Household income">{formatPrice(proxy.household_income)}</Fact>
            ) : null}
            {typeof proxy.household_size === 'number' ? (
              <Fact term="Household size">{String(proxy.household_size)}</Fact>
            ) : null}
          </dl>
        </section>
      ) : null}

      <section className="card" aria-labelledby={`billing-${order.id}`}>
        <h2 id={`billing-${order.id}`}>Billing and insurance</h2>
        <dl className="facts">
          <Fact term="Billed to">{humanize(order.billing_type)}</Fact>
          <Fact term="Health insurance">
            {order.health_insurance_id ? (
              <>
                On file <span className="mono">{order.health_insurance_id}</span>
              </>
            ) : (
              none('None')
            )}
          </Fact>
          <Fact term="Diagnosis codes (ICD-10)">
            {order.icd_codes?.length ? order.icd_codes.join(', ') : none()}
          </Fact>
        </dl>
        <p className="muted">
          Answers to the lab’s questions and the consents are sent with the order, but the Lab API
          does not return them with it: they are printed on the requisition PDF.
        </p>
      </section>
    </>
  );
}
