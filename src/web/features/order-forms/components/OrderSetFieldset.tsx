import { useQuery } from '@tanstack/react-query';
import { useId, useLayoutEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { COLLECTION_METHODS } from '../../../../contract/enums';
import { requiresPhysician, type LabAccount } from '../../../../contract/labAccount';
import type { LabTest, Marker } from '../../../../contract/labTest';
import { describeError } from '../../../shared/api/client';
import { formatPrice, humanize } from '../../../shared/lib/format';
import { describeCollectionMethod, describeDelegatedFlow } from '../../../shared/lib/labels';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { Pending } from '../../../shared/ui/states';
import {
  labAccountsQueryOptions,
  labMarkersQueryOptions,
  labTestsQueryOptions,
} from '../../../shared/api/catalogue';
import type { OrderForm } from '../lib/formTypes';
import { accountUnavailable, methodsOf } from '../lib/orderable';
import type { OrderSetMode } from '../lib/useOrderChoices';
import { FieldMessage, SelectField, useFieldError } from './Field';

function accountName(account: LabAccount): string {
  return account.account_name ?? `${account.lab} account`;
}

interface OrderSetProps {
  form: OrderForm;
  mode: OrderSetMode;
  onMode: (mode: OrderSetMode) => void;
}

/**
 * The order set once the team's lab accounts and tests are in: the rest of the form is
 * drawn and can be filled while they load, with grey lines here until they arrive.
 */
export function OrderSetSection(props: OrderSetProps) {
  const accounts = useQuery(labAccountsQueryOptions);
  const labTests = useQuery(labTestsQueryOptions);
  const error = accounts.error ?? labTests.error;
  if (error) {
    return (
      <div className="card">
        <p role="alert" className="form-alert">
          The lab accounts and tests could not be loaded: {describeError(error)}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => void Promise.all([accounts.refetch(), labTests.refetch()])}
        >
          Try again
        </button>
      </div>
    );
  }
  if (!accounts.data || !labTests.data) {
    return <Skeleton lines={4} label="Loading lab accounts and tests …" />;
  }
  return <OrderSetFieldset {...props} accounts={accounts.data.data} labTests={labTests.data} />;
}

/** Lab account, then only its lab's tests or add-on markers, then the collection method. */
function OrderSetFieldset({
  form,
  accounts,
  labTests,
  mode,
  onMode,
}: OrderSetProps & {
  accounts: readonly LabAccount[];
  labTests: readonly LabTest[];
}) {
  const id = useId();
  const usable = accounts.filter((a) => accountUnavailable(a) === null);
  const onlyAccount = usable.length === 1 ? usable[0]?.id : undefined;
  useLayoutEffect(() => {
    // A team's only account is chosen from the start, as the form's default: not an edit.
    if (onlyAccount && !form.getValues('lab_account_id'))
      form.resetField('lab_account_id', { defaultValue: onlyAccount });
  }, [form, onlyAccount]);
  const accountId = useWatch({ control: form.control, name: 'lab_account_id' });
  const chosenTests = useWatch({ control: form.control, name: 'order_set.lab_test_ids' }) ?? [];
  const chosenMarkers =
    useWatch({ control: form.control, name: 'order_set.add_on.marker_ids' }) ?? [];
  const accountMessage = useFieldError(form, 'lab_account_id');
  const testsMessage = useFieldError(form, 'order_set.lab_test_ids');
  const setMessage = useFieldError(form, 'order_set');
  const addOnMessage = useFieldError(form, 'order_set.add_on');
  const account = accounts.find((a) => a.id === accountId) ?? null;
  // The team's custom panels are offered with the starter tests once approved (active).
  const testsOfLab = account
    ? labTests.filter((t) => t.lab?.slug === account.lab && t.status === 'active')
    : [];
  const labName = (slug: string) => labTests.find((t) => t.lab?.slug === slug)?.lab?.name ?? slug;

  const toggleTest = (testId: string, on: boolean) => {
    const next = on ? [...chosenTests, testId] : chosenTests.filter((t) => t !== testId);
    form.setValue('order_set.lab_test_ids', next, { shouldDirty: true });
    const method = labTests.find((t) => t.id === next[0])?.method;
    if (method)
      form.setValue('collection_method', method as (typeof COLLECTION_METHODS)[number], {
        shouldDirty: true,
      });
  };
  const toggleMarker = (markerId: number, on: boolean) => {
    const next = on ? [...chosenMarkers, markerId] : chosenMarkers.filter((m) => m !== markerId);
    const providerIds = form.getValues('order_set.add_on.provider_ids') ?? [];
    form.setValue(
      'order_set.add_on',
      { marker_ids: next, ...(providerIds.length > 0 ? { provider_ids: providerIds } : {}) },
      { shouldDirty: true },
    );
  };
  const setProviderIds = (text: string) => {
    const providerIds = text
      .split(/[,\s]+/)
      .map((v) => v.trim())
      .filter(Boolean);
    form.setValue(
      'order_set.add_on',
      {
        ...(chosenMarkers.length > 0 ? { marker_ids: chosenMarkers } : {}),
        ...(providerIds.length > 0 ? { provider_ids: providerIds } : {}),
      },
      { shouldDirty: true },
    );
  };

  return (
    <>
      <fieldset
        className="card"
        aria-describedby={accountMessage ? `${id}-account-error` : undefined}
      >
        <legend>Lab account</legend>
        {accounts.length === 0 ? (
          <p className="empty">Your team has no lab accounts yet.</p>
        ) : (
          <ul className="choices">
            {accounts.map((a) => {
              const inputId = `${id}-account-${a.id}`;
              const unavailable = accountUnavailable(a);
              return (
                <li key={a.id}>
                  <input
                    type="radio"
                    id={inputId}
                    value={a.id}
                    aria-describedby={`${inputId}-about`}
                    disabled={unavailable !== null}
                    {...form.register('lab_account_id', {
                      onChange: () => {
                        form.setValue('order_set.lab_test_ids', []);
                        form.setValue('order_set.add_on', undefined);
                      },
                    })}
                  />
                  <label htmlFor={inputId}>{accountName(a)}</label>
                  <p id={`${inputId}-about`} className="choice__about">
                    Lab: {labName(a.lab)} · {describeDelegatedFlow(a.delegated_flow)}
                    {unavailable ? ` · ${unavailable}.` : ''}
                    {requiresPhysician(a.delegated_flow)
                      ? ' · A physician is required on this account.'
                      : ''}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        <FieldMessage id={`${id}-account-error`} message={accountMessage} />
      </fieldset>

      {account ? (
        <fieldset className="card">
          <legend>What to order at {labName(account.lab)}</legend>
          <div className="field field--check">
            <input
              id={`${id}-mode-tests`}
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'tests'}
              onChange={() => onMode('tests')}
            />
            <label htmlFor={`${id}-mode-tests`}>Lab tests</label>
            <input
              id={`${id}-mode-markers`}
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'markers'}
              onChange={() => onMode('markers')}
            />
            <label htmlFor={`${id}-mode-markers`}>Add-on markers</label>
          </div>
          {mode === 'tests' ? (
            testsOfLab.length === 0 ? (
              <p className="empty">No lab tests for this lab yet.</p>
            ) : (
              <ul
                className="choices"
                aria-describedby={testsMessage ? `${id}-tests-error` : undefined}
              >
                {testsOfLab.map((test) => {
                  const inputId = `${id}-test-${test.id}`;
                  return (
                    <li key={test.id}>
                      <input
                        type="checkbox"
                        id={inputId}
                        checked={chosenTests.includes(test.id)}
                        onChange={(e) => toggleTest(test.id, e.target.checked)}
                        aria-describedby={`${inputId}-about`}
                      />
                      <label htmlFor={inputId}>{test.name}</label>
                      <p id={`${inputId}-about`} className="choice__about">
                        {describeCollectionMethod(test.method)} · {humanize(test.sample_type)} ·{' '}
                        {formatPrice(test.price)}
                        {test.fasting ? ' · Fasting required' : ''} · Markers:{' '}
                        {(test.markers ?? []).map((m) => m.name).join(', ') || 'none listed'}
                      </p>
                    </li>
                  );
                })}
              </ul>
            )
          ) : (
            <>
              <MarkerChoices
                labSlug={account.lab}
                chosen={chosenMarkers}
                onToggle={toggleMarker}
                idPrefix={id}
              />
              <div className="field">
                <label htmlFor={`${id}-providers`}>Or the lab&apos;s provider IDs</label>
                <p id={`${id}-providers-hint`} className="field-hint">
                  Separated by commas. Choose markers above or give provider IDs, not both.
                </p>
                <input
                  id={`${id}-providers`}
                  aria-describedby={`${id}-providers-hint`}
                  onChange={(e) => setProviderIds(e.target.value)}
                />
              </div>
            </>
          )}
          <FieldMessage
            id={`${id}-tests-error`}
            message={testsMessage ?? setMessage ?? addOnMessage}
          />
        </fieldset>
      ) : null}

      <fieldset className="card">
        <legend>Collection</legend>
        <SelectField
          form={form}
          name="collection_method"
          label="Collection method"
          hint="Set from the lab tests chosen; only the methods of this lab's tests are offered. Add-on markers need one chosen here."
          choices={(mode === 'tests' && account
            ? methodsOf(testsOfLab, COLLECTION_METHODS)
            : COLLECTION_METHODS
          ).map((m) => ({
            value: m,
            label: describeCollectionMethod(m),
          }))}
          emptyLabel="From the lab tests"
        />
      </fieldset>
    </>
  );
}

function MarkerChoices({
  labSlug,
  chosen,
  onToggle,
  idPrefix,
}: {
  labSlug: string;
  chosen: readonly number[];
  onToggle: (markerId: number, on: boolean) => void;
  idPrefix: string;
}) {
  const markers = useQuery(labMarkersQueryOptions(labSlug));
  if (markers.isPending) return <Pending label="Loading markers …" />;
  if (markers.isError)
    return <p role="alert">Markers could not be loaded: {describeError(markers.error)}</p>;
  const orderable = markers.data.markers.filter((m: Marker) => m.a_la_carte_enabled !== false);
  return (
    <ul className="choices">
      {orderable.map((marker) => {
        const inputId = `${idPrefix}-marker-${marker.id}`;
        return (
          <li key={marker.id}>
            <input
              type="checkbox"
              id={inputId}
              checked={chosen.includes(marker.id)}
              onChange={(e) => onToggle(marker.id, e.target.checked)}
            />
            <label htmlFor={inputId}>
              {marker.name}
              {marker.price ? ` (${marker.price})` : ''}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
