import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Role } from '../../../../contract/console';
import { requiresPhysician, type LabAccount } from '../../../../contract/labAccount';
import type { LabTest } from '../../../../contract/labTest';
import { describeError } from '../../../shared/api/client';
import { formatPrice, humanize } from '../../../shared/lib/format';
import { describeCollectionMethod, describeDelegatedFlow } from '../../../shared/lib/labels';
import { canCreateOrders, describeRole } from '../../../shared/lib/permissions';
import { Pending } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import {
  labAccountsQueryOptions,
  labMarkersQueryOptions,
  labTestsQueryOptions,
} from '../api/labTests';

export function NewOrderPage({ role }: { role: Role }) {
  usePageTitle('New order');
  if (!canCreateOrders(role)) {
    return (
      <>
        <h1>New order</h1>
        <p>
          Orders are created by care coordinators and admins. Your role ({describeRole(role)}) can
          read orders.
        </p>
        <p>
          <Link to="/orders">Back to orders</Link>
        </p>
      </>
    );
  }
  return <NewOrderForm />;
}

function accountName(account: LabAccount): string {
  return account.account_name ?? `${account.lab} account`;
}

/**
 * The first step of a new order: which lab account orders, and which of its lab's
 * tests. The later steps (patient, address, physician) build on this form.
 */
function NewOrderForm() {
  const id = useId();
  const { data: accountList } = useSuspenseQuery(labAccountsQueryOptions);
  const { data: labTests } = useSuspenseQuery(labTestsQueryOptions);
  const accounts = accountList.data;

  const [accountId, setAccountId] = useState<string | null>(() =>
    accounts.length === 1 ? (accounts[0]?.id ?? null) : null,
  );
  const [labTestId, setLabTestId] = useState<string | null>(null);

  const account = accounts.find((a) => a.id === accountId) ?? null;
  const testsOfLab = account ? labTests.filter((test) => test.lab?.slug === account.lab) : [];
  const labTest = testsOfLab.find((t) => t.id === labTestId) ?? null;
  /** A lab account names its lab by slug; the lab tests carry the lab's name. */
  const labName = (slug: string) => labTests.find((t) => t.lab?.slug === slug)?.lab?.name ?? slug;

  return (
    <>
      <h1>New order</h1>
      <p className="lede">
        Choose the lab account that places the order, then one of its lab tests.
      </p>
      <form className="form order-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <fieldset className="card">
          <legend>Lab account</legend>
          {accounts.length === 0 ? (
            <p className="empty">Your team has no lab accounts yet.</p>
          ) : (
            <ul className="choices">
              {accounts.map((a) => {
                const inputId = `${id}-account-${a.id}`;
                return (
                  <li key={a.id}>
                    <input
                      type="radio"
                      id={inputId}
                      name="lab_account_id"
                      value={a.id}
                      checked={a.id === accountId}
                      onChange={() => {
                        setAccountId(a.id);
                        setLabTestId(null);
                      }}
                      aria-describedby={`${inputId}-about`}
                    />
                    <label htmlFor={inputId}>{accountName(a)}</label>
                    <p id={`${inputId}-about`} className="choice__about">
                      Lab: {labName(a.lab)} · {describeDelegatedFlow(a.delegated_flow)}
                      {a.status !== 'active' ? ` · ${humanize(a.status)}` : ''}
                      {requiresPhysician(a.delegated_flow)
                        ? ' · A physician will be required for orders on this account.'
                        : ''}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>

        {account ? (
          <fieldset className="card">
            <legend>Lab test at {labName(account.lab)}</legend>
            {testsOfLab.length === 0 ? (
              <p className="empty">No lab tests for this lab yet.</p>
            ) : (
              <ul className="choices">
                {testsOfLab.map((test) => (
                  <LabTestChoice
                    key={test.id}
                    test={test}
                    inputId={`${id}-test-${test.id}`}
                    checked={test.id === labTestId}
                    onChoose={() => setLabTestId(test.id)}
                  />
                ))}
              </ul>
            )}
          </fieldset>
        ) : null}
      </form>

      {account ? <Selection account={account} labTest={labTest} /> : null}
      {account ? <LabMarkers labSlug={account.lab} labName={labName(account.lab)} /> : null}
    </>
  );
}

interface LabTestChoiceProps {
  test: LabTest;
  inputId: string;
  checked: boolean;
  onChoose: () => void;
}

function LabTestChoice({ test, inputId, checked, onChoose }: LabTestChoiceProps) {
  const markers = test.markers ?? [];
  return (
    <li>
      <input
        type="radio"
        id={inputId}
        name="lab_test_id"
        value={test.id}
        checked={checked}
        onChange={onChoose}
        aria-describedby={`${inputId}-about`}
      />
      <label htmlFor={inputId}>{test.name}</label>
      <div id={`${inputId}-about`} className="choice__about">
        <p>
          {describeCollectionMethod(test.method)} · {humanize(test.sample_type)} ·{' '}
          {formatPrice(test.price)}
          {test.fasting ? ' · Fasting required' : ''}
          {test.status !== 'active' ? ` · ${humanize(test.status)}` : ''}
        </p>
        {markers.length > 0 ? (
          <p>
            {markers.length === 1 ? 'Marker: ' : `Markers (${markers.length}): `}
            {markers.map((m) => m.name).join(', ')}
          </p>
        ) : (
          <p>No markers listed.</p>
        )}
      </div>
    </li>
  );
}

function Selection({ account, labTest }: { account: LabAccount; labTest: LabTest | null }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card selection">
      <h2 id={headingId}>Your choice</h2>
      <dl className="facts">
        <div>
          <dt>Lab account</dt>
          <dd>{accountName(account)}</dd>
        </div>
        <div>
          <dt>Lab test</dt>
          <dd>{labTest ? labTest.name : <span className="muted">Not chosen yet</span>}</dd>
        </div>
        <div>
          <dt>Physician</dt>
          <dd>
            {requiresPhysician(account.delegated_flow)
              ? 'Required for this account'
              : 'Not required'}
          </dd>
        </div>
      </dl>
      {labTest?.markers && labTest.markers.length > 0 ? (
        <>
          <h3>Markers in {labTest.name}</h3>
          <ul className="marker-list">
            {labTest.markers.map((marker) => (
              <li key={marker.id}>
                {marker.name}
                {marker.unit ? <span className="muted"> ({marker.unit})</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Everything the lab offers, for reference; loads on its own and may fail on its own. */
function LabMarkers({ labSlug, labName }: { labSlug: string; labName: string }) {
  const headingId = useId();
  const markers = useQuery(labMarkersQueryOptions(labSlug));
  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId}>Markers offered by {labName}</h2>
      {markers.isPending ? (
        <Pending label="Loading markers …" />
      ) : markers.isError ? (
        <p>Markers could not be loaded: {describeError(markers.error)}</p>
      ) : markers.data.markers.length === 0 ? (
        <p className="empty">This lab lists no markers.</p>
      ) : (
        <details>
          <summary>
            Show {markers.data.markers.length} of {markers.data.total} markers
          </summary>
          <ul className="marker-list">
            {markers.data.markers.map((marker) => (
              <li key={marker.id}>{marker.name}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
