import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useBlocker } from '@tanstack/react-router';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  createTestkitOrderRequestSchema,
  type CreateTestkitOrderRequest,
} from '../../../../contract/testkit';
import { describeError } from '../../../shared/api/client';
import { useErrorSummary } from '../../../shared/lib/useErrorSummary';
import { ErrorSummary } from '../../../shared/ui/ErrorSummary';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { labAccountsQueryOptions, labTestsQueryOptions } from '../../../shared/api/catalogue';
import { createTestkitOrder } from '../api/placeOrder';
import { emptyAsUndefined, errorAt } from '../lib/formTypes';
import { accountUnavailable, activeAccounts, orderableTests } from '../lib/orderable';
import { applyServerErrors } from '../../../shared/lib/serverErrors';
import { isRetryable } from '../lib/submissionKeys';
import { useOrderSubmission } from '../lib/useOrderSubmission';
import { FieldMessage } from './Field';
import { PatientPicker } from './PatientPicker';

type Input = z.input<typeof createTestkitOrderRequestSchema>;

const SHIPPING_FIELDS: [keyof Input['shipping_details'], string][] = [
  ['receiver_name', 'Receiver name'],
  ['first_line', 'Address line 1'],
  ['second_line', 'Address line 2 (optional)'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP code'],
  ['country', 'Country'],
  ['phone_number', 'Phone number'],
];

/** An unregistered test kit: shipped to an address, registered to a patient later. */
export function NewKitPage() {
  usePageTitle('New test kit');
  const id = useId();
  const { data: labTests } = useSuspenseQuery(labTestsQueryOptions);
  const accounts = useQuery(labAccountsQueryOptions).data?.data ?? [];
  const allKits = labTests.filter((t) => t.method === 'testkit' && t.status === 'active');
  // The same rule as the new-order form: a kit only where an active account can carry it.
  const kits = orderableTests(allKits, accounts);
  const unavailableKits = allKits.filter((t) => !kits.includes(t));
  const form = useForm<Input, unknown, CreateTestkitOrderRequest>({
    // The error summary takes focus instead, and links to each field.
    shouldFocusError: false,
    resolver: zodResolver(createTestkitOrderRequestSchema),
    defaultValues: { shipping_details: { country: 'US' } },
  });
  const { summary, show: showSummary, clear: clearSummary } = useErrorSummary();
  /** A problem with the whole submission, summarised with the fields' own messages. */
  const reportProblem = (message: string) => showSummary(form.formState.errors, message);
  const { submit, done } = useOrderSubmission(createTestkitOrder);
  const userId = useWatch({ control: form.control, name: 'user_id' });
  const testId = useWatch({ control: form.control, name: 'lab_test_id' });
  // Only an account of the chosen test's lab can carry the kit order.
  const testLab = kits.find((t) => t.id === testId)?.lab?.slug;
  const labAccounts = testLab ? activeAccounts(accounts).filter((a) => a.lab === testLab) : [];
  const { errors, isDirty, isSubmitting } = form.formState;
  useBlocker({
    shouldBlockFn: () =>
      isDirty && !done && !window.confirm('Leave this kit order? What you entered will be lost.'),
    enableBeforeUnload: () => isDirty && !done,
  });

  const onValid = async (request: Parameters<Parameters<typeof form.handleSubmit>[0]>[0]) => {
    clearSummary();
    try {
      await submit(request);
    } catch (error) {
      const refused = applyServerErrors(form, error);
      if (refused) {
        reportProblem(refused.problem);
      } else {
        reportProblem(
          isRetryable(error)
            ? `${describeError(error)} Submit again: the kit will not be ordered twice.`
            : `${describeError(error)} Check the patient and try again.`,
        );
      }
    }
  };

  return (
    <>
      <h1>New test kit</h1>
      <p className="lede">
        The kit is shipped to the address below and registered to a patient when it is used:{' '}
        <Link to="/orders/register-kit">register a kit</Link>.
      </p>
      <ErrorSummary {...summary} />
      <PatientPicker
        userId={userId}
        message={errorAt(errors, 'user_id')}
        onChoose={(value) => form.setValue('user_id', value, { shouldDirty: true })}
      />
      <form
        className="form"
        noValidate
        aria-label="New test kit"
        onSubmit={(e) => void form.handleSubmit(onValid, (errors) => showSummary(errors))(e)}
      >
        <fieldset className="card">
          <legend>Kit</legend>
          <div className="field">
            <Controller
              control={form.control}
              name="lab_test_id"
              render={({ field }) => (
                <SelectField
                  label="Lab test"
                  name={field.name}
                  options={kits.map((t) => ({ id: t.id, label: t.name }))}
                  value={field.value}
                  onChange={(chosen) => {
                    field.onChange(chosen);
                    // An account of another lab cannot carry the new test's kit.
                    const lab = kits.find((t) => t.id === chosen)?.lab?.slug;
                    const account = accounts.find((a) => a.id === form.getValues('lab_account_id'));
                    if (account && account.lab !== lab) form.setValue('lab_account_id', undefined);
                  }}
                  onBlur={field.onBlur}
                  errorMessage={errorAt(errors, 'lab_test_id')}
                  triggerRef={field.ref}
                />
              )}
            />
          </div>
          {unavailableKits.length > 0 ? (
            <p className="field-hint">
              Not offered:{' '}
              {unavailableKits
                .map((t) => {
                  const account = accounts.find((a) => a.lab === t.lab?.slug);
                  const reason = account
                    ? accountUnavailable(account)?.replace(
                        /^Unavailable: this account/,
                        'its lab’s account',
                      )
                    : null;
                  return `${t.name} (${reason ?? 'your team has no account at its lab'})`;
                })
                .join('; ')}
              .
            </p>
          ) : null}
          <div className="field">
            <Controller
              control={form.control}
              name="lab_account_id"
              render={({ field }) => (
                <SelectField
                  label="Lab account (optional)"
                  name={field.name}
                  options={labAccounts.map((a) => ({ id: a.id, label: a.account_name ?? a.lab }))}
                  emptyLabel="The lab's own"
                  value={field.value ?? ''}
                  onChange={(chosen) => field.onChange(emptyAsUndefined(chosen))}
                  onBlur={field.onBlur}
                  description={
                    testLab
                      ? 'The accounts of the chosen test’s lab.'
                      : 'Choose a lab test first: its lab’s accounts are listed here.'
                  }
                  errorMessage={errorAt(errors, 'lab_account_id')}
                  triggerRef={field.ref}
                />
              )}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-passthrough`}>Passthrough (optional)</label>
            <input
              id={`${id}-passthrough`}
              {...form.register('passthrough', { setValueAs: emptyAsUndefined })}
            />
          </div>
        </fieldset>
        <fieldset className="card">
          <legend>Shipping address</legend>
          {SHIPPING_FIELDS.map(([name, label]) => {
            const path = `shipping_details.${name}` as const;
            const message = errorAt(errors, path);
            return (
              <div className="field" key={name}>
                <label htmlFor={`${id}-${name}`}>{label}</label>
                <input
                  id={`${id}-${name}`}
                  type={name === 'phone_number' ? 'tel' : 'text'}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${id}-${name}-error` : undefined}
                  {...form.register(path)}
                />
                <FieldMessage id={`${id}-${name}-error`} message={message} />
              </div>
            );
          })}
        </fieldset>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Ordering the kit …' : 'Order the kit'}
        </button>
      </form>
    </>
  );
}
