import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { BILLING_TYPES, COLLECTION_METHODS, GENDERS } from '../../../../contract/enums';
import {
  IMPORT_ACCOUNT_STATUSES,
  importOrderRequestSchemaFor,
  type ImportOrderRequest,
  type ImportOrderRequestInput,
} from '../../../../contract/orderImport';
import { utcToday } from '../../../../contract/orderRequest';
import { describeError } from '../../../shared/api/client';
import { humanize } from '../../../shared/lib/format';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { labAccountsQueryOptions, labTestsQueryOptions } from '../../lab-tests/api/labTests';
import { patientOrdersQueryOptions } from '../../patients/api/patients';
import { importOrder } from '../api/orders';
import { fieldErrorsOf } from '../lib/serverErrors';
import { PatientPicker } from './PatientPicker';
import './orderForm.css';

type Path = FieldPath<ImportOrderRequestInput>;

/**
 * Import an order placed outside the API (on paper, at the lab's portal): the same contract
 * rules as the Lab API's, the lab's sample id, and lab accounts still pending accepted.
 */
export function ImportOrderPage() {
  usePageTitle('Import an order');
  const id = useId();
  const today = utcToday();
  const schema = useMemo(() => importOrderRequestSchemaFor(today), [today]);
  const { data: accountList } = useSuspenseQuery(labAccountsQueryOptions);
  const { data: labTests } = useSuspenseQuery(labTestsQueryOptions);
  const accounts = accountList.data.filter((a) =>
    (IMPORT_ACCOUNT_STATUSES as readonly string[]).includes(a.status),
  );
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ImportOrderRequestInput, unknown, ImportOrderRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      billing_type: 'client_bill',
      patient_address: { first_line: '', city: '', state: '', zip: '', country: 'US' },
    },
  });
  const { errors, isSubmitting } = form.formState;
  const userId = useWatch({ control: form.control, name: 'user_id' });
  const accountId = useWatch({ control: form.control, name: 'lab_account_id' });
  const account = accounts.find((a) => a.id === accountId);
  const tests = labTests.filter((t) => t.lab?.slug === account?.lab && t.status === 'active');

  const messageOf = (path: Path): string | undefined => {
    let node: unknown = errors;
    for (const part of path.split('.'))
      node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };
  const field = (path: Path, label: string, input: React.ReactNode) => {
    const message = messageOf(path);
    return (
      <p className="field">
        <label htmlFor={`${id}-${path}`}>{label}</label>
        {input}
        {message ? (
          <span id={`${id}-${path}-error`} className="field__error">
            {message}
          </span>
        ) : null}
      </p>
    );
  };
  const describedBy = (path: Path) =>
    messageOf(path) ? { 'aria-describedby': `${id}-${path}-error`, 'aria-invalid': true } : {};
  const text = (path: Path, label: string, type = 'text') =>
    field(
      path,
      label,
      <input id={`${id}-${path}`} type={type} {...describedBy(path)} {...form.register(path)} />,
    );

  /** A returning patient's details come from their latest order. */
  const choosePatient = async (chosen: string) => {
    form.setValue('user_id', chosen, { shouldDirty: true });
    const page = await queryClient.query(patientOrdersQueryOptions(chosen)).catch(() => null);
    const latest = page?.orders.find((o) => o.patient_details);
    const details = latest?.patient_details;
    if (!details) return;
    form.setValue('patient_details.first_name', details.first_name ?? '');
    form.setValue('patient_details.last_name', details.last_name ?? '');
    form.setValue('patient_details.dob', details.dob.slice(0, 10));
    const gender = GENDERS.find((g) => g === details.gender);
    if (gender) form.setValue('patient_details.gender', gender);
    form.setValue('patient_details.phone_number', details.phone_number ?? '');
    form.setValue('patient_details.email', details.email ?? '');
    const address = latest.patient_address;
    if (address) {
      form.setValue('patient_address.first_line', address.first_line);
      form.setValue('patient_address.city', address.city);
      form.setValue('patient_address.state', address.state);
      form.setValue('patient_address.zip', address.zip);
      form.setValue('patient_address.country', address.country);
    }
  };

  const onValid = async (request: ImportOrderRequest) => {
    setProblem(null);
    try {
      const answer = await importOrder(request);
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await navigate({ to: '/orders/$orderId', params: { orderId: answer.order.id } });
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField) {
        for (const [path, message] of Object.entries(byField)) {
          if (path) form.setError(path as Path, { type: 'server', message });
        }
        setProblem(
          byField[''] ?? 'The Lab API refused some fields: see the messages next to them.',
        );
      } else setProblem(describeError(error));
    }
  };

  return (
    <>
      <h1>Import an order</h1>
      <p className="lede">
        An order placed outside the console, on paper or at the lab: give the sample id the lab
        printed on it. Lab accounts still being set up (pending) take imports too.
      </p>
      <PatientPicker
        userId={userId}
        message={messageOf('user_id')}
        onChoose={(chosen) => void choosePatient(chosen)}
      />
      <form
        className="form order-form"
        noValidate
        aria-label="Import an order"
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        {problem ? (
          <p role="alert" className="notice notice--error">
            {problem}
          </p>
        ) : null}
        <fieldset className="card">
          <legend>The order</legend>
          {text('sample_id', 'Sample id')}
          {field(
            'lab_account_id',
            'Lab account',
            <select
              id={`${id}-lab_account_id`}
              {...describedBy('lab_account_id')}
              {...form.register('lab_account_id', {
                onChange: () => form.setValue('order_set.lab_test_ids', []),
              })}
            >
              <option value="">Choose a lab account</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.account_name ?? a.lab} ({humanize(a.status)})
                </option>
              ))}
            </select>,
          )}
          {field(
            'order_set.lab_test_ids',
            'Lab test',
            <select
              id={`${id}-order_set.lab_test_ids`}
              {...describedBy('order_set.lab_test_ids')}
              onChange={(event) => {
                const test = tests.find((t) => t.id === event.target.value);
                form.setValue('order_set.lab_test_ids', test ? [test.id] : []);
                const method = COLLECTION_METHODS.find((m) => m === test?.method);
                if (method) form.setValue('collection_method', method);
              }}
            >
              <option value="">
                {account ? 'Choose a lab test' : 'Choose the lab account first'}
              </option>
              {tests.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({humanize(t.method)})
                </option>
              ))}
            </select>,
          )}
          {field(
            'billing_type',
            'Billing',
            <select id={`${id}-billing_type`} {...form.register('billing_type')}>
              {BILLING_TYPES.map((b) => (
                <option key={b} value={b}>
                  {humanize(b)}
                </option>
              ))}
            </select>,
          )}
        </fieldset>
        <fieldset className="card">
          <legend>Patient details</legend>
          {text('patient_details.first_name', 'First name')}
          {text('patient_details.last_name', 'Last name')}
          {text('patient_details.dob', 'Date of birth', 'date')}
          {field(
            'patient_details.gender',
            'Gender',
            <select
              id={`${id}-patient_details.gender`}
              {...form.register('patient_details.gender')}
            >
              <option value="">Choose</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {humanize(g)}
                </option>
              ))}
            </select>,
          )}
          {text('patient_details.phone_number', 'Phone number', 'tel')}
          {text('patient_details.email', 'Email', 'email')}
        </fieldset>
        <fieldset className="card">
          <legend>Patient address</legend>
          {text('patient_address.first_line', 'Street address')}
          {text('patient_address.city', 'City')}
          {text('patient_address.state', 'State')}
          {text('patient_address.zip', 'ZIP code')}
          {text('patient_address.country', 'Country')}
        </fieldset>
        {messageOf('collection_method') ? (
          <p role="alert">{messageOf('collection_method')}</p>
        ) : null}
        <p className="actions order-form__submit">
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? 'Importing …' : 'Import order'}
          </button>
        </p>
      </form>
    </>
  );
}
