import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
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
import { SelectField, type MultiSelectOption } from '../../../shared/ui/MultiSelect';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { labAccountsQueryOptions, labTestsQueryOptions } from '../../../shared/api/catalogue';
import { patientOrdersQueryOptions } from '../../../shared/api/orders';
import { importOrder } from '../api/placeOrder';
import { applyServerErrors } from '../../../shared/lib/serverErrors';
import { PatientPicker } from './PatientPicker';
import './orderForm.css';
import { refreshAfterOrderPlaced } from '../lib/orderPlaced';

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
      // Empty until chosen: the form asks for the account instead of leaving the lab to guess.
      lab_account_id: '',
      billing_type: 'client_bill',
      patient_address: { first_line: '', city: '', state: '', zip: '', country: 'US' },
    },
  });
  const { errors, isSubmitting } = form.formState;
  const userId = useWatch({ control: form.control, name: 'user_id' });
  const accountId = useWatch({ control: form.control, name: 'lab_account_id' });
  const labTestIds = useWatch({ control: form.control, name: 'order_set.lab_test_ids' });
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
  /** One value from a list, held by the form like the inputs. */
  const choice = (
    path: Path,
    label: string,
    {
      options,
      placeholder,
      onChosen,
    }: { options: MultiSelectOption[]; placeholder?: string; onChosen?: () => void },
  ) => (
    <div className="field">
      <Controller
        control={form.control}
        name={path}
        render={({ field: { name, value, onChange, onBlur, ref } }) => (
          <SelectField
            label={label}
            name={name}
            options={options}
            value={typeof value === 'string' ? value : ''}
            onChange={(chosen) => {
              onChange(chosen);
              onChosen?.();
            }}
            onBlur={onBlur}
            {...(placeholder ? { placeholder } : {})}
            errorMessage={messageOf(path)}
            triggerRef={ref}
          />
        )}
      />
    </div>
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
      await refreshAfterOrderPlaced(queryClient, answer.order);
      await navigate({ to: '/orders/$orderId', params: { orderId: answer.order.id } });
    } catch (error) {
      const refused = applyServerErrors(form, error);
      if (refused) {
        setProblem(refused.problem);
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
          {choice('lab_account_id', 'Lab account', {
            options: accounts.map((a) => ({
              id: a.id,
              label: `${a.account_name ?? a.lab} (${humanize(a.status)})`,
            })),
            placeholder: 'Choose a lab account',
            // The tests listed next are the chosen account's lab's.
            onChosen: () => form.setValue('order_set.lab_test_ids', []),
          })}
          <div className="field">
            <SelectField
              label="Lab test"
              options={tests.map((t) => ({ id: t.id, label: `${t.name} (${humanize(t.method)})` }))}
              value={labTestIds?.[0] ?? ''}
              onChange={(chosen) => {
                const test = tests.find((t) => t.id === chosen);
                form.setValue('order_set.lab_test_ids', test ? [test.id] : []);
                const method = COLLECTION_METHODS.find((m) => m === test?.method);
                if (method) form.setValue('collection_method', method);
              }}
              placeholder={account ? 'Choose a lab test' : 'Choose the lab account first'}
              errorMessage={messageOf('order_set.lab_test_ids')}
            />
          </div>
          {choice('billing_type', 'Billing', {
            options: BILLING_TYPES.map((b) => ({ id: b, label: humanize(b) })),
          })}
        </fieldset>
        <fieldset className="card">
          <legend>Patient details</legend>
          {text('patient_details.first_name', 'First name')}
          {text('patient_details.last_name', 'Last name')}
          {text('patient_details.dob', 'Date of birth', 'date')}
          {choice('patient_details.gender', 'Gender', {
            options: GENDERS.map((g) => ({ id: g, label: humanize(g) })),
            placeholder: 'Choose',
          })}
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
