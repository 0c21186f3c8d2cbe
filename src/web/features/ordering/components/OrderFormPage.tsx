import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { get, set, useForm, useWatch } from 'react-hook-form';
import { aoeIssues } from '../../../../contract/aoe';
import { GENDERS } from '../../../../contract/enums';
import type { Marker } from '../../../../contract/labTest';
import { requiresPhysician } from '../../../../contract/labAccount';
import {
  createOrderRequestSchemaFor,
  orderCrossChecks,
  resolveLabAccount,
  utcToday,
  type CreateOrderRequest,
  type CreateOrderRequestInput,
} from '../../../../contract/orderRequest';
import {
  describeError,
  isApiError,
  isUnauthorized,
  SessionChangedError,
} from '../../../shared/api/client';
import { useErrorSummary } from '../../../shared/lib/useErrorSummary';
import { ErrorSummary } from '../../../shared/ui/ErrorSummary';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import {
  labAccountsQueryOptions,
  labMarkersQueryOptions,
  labTestsQueryOptions,
} from '../../lab-tests/api/labTests';
import { patientOrdersQueryOptions } from '../../patients/api/patients';
import { createOrder } from '../api/orders';
import { fieldErrorsOf } from '../lib/serverErrors';
import { isRetryable } from '../lib/submissionKeys';
import { useOrderSubmission } from '../lib/useOrderSubmission';
import { sectionAnchor, type OrderSectionId } from '../lib/formProgress';
import { type OrderForm } from '../lib/formTypes';
import { useFieldError } from './Field';
import { FormProgress } from './FormProgress';
import {
  AoeFieldset,
  BillingFieldset,
  ConsentsFieldset,
  InsuranceFieldset,
  NotesFieldset,
  PhysicianFieldset,
} from './OrderDetailSections';
import { OrderSetFieldset, type OrderSetMode } from './OrderSetFieldset';
import {
  MedicalProxyFieldset,
  PatientAddressFieldset,
  PatientDetailsFieldset,
} from './PatientSections';
import { PatientPicker } from './PatientPicker';
import './orderForm.css';

type Path = CreateOrderRequestInput extends infer T ? keyof T & string : never;

/** One section of the form, the target of its line in the outline. */
function Section({ id, children }: { id: OrderSectionId; children: ReactNode }) {
  return (
    <div id={sectionAnchor(id)} className="order-section">
      {children}
    </div>
  );
}

const DEFAULTS: Partial<CreateOrderRequestInput> = {
  patient_address: {
    first_line: '',
    city: '',
    state: '',
    zip: '',
    country: 'US',
  },
  consents: [],
  aoe_answers: [],
  priority: false,
};

/** The full create-order form: every field of the request, with each rule next to its field. */
export function OrderFormPage({ initialUserId }: { initialUserId?: string | undefined }) {
  usePageTitle('New order');
  const today = utcToday();
  const schema = useMemo(() => createOrderRequestSchemaFor(today), [today]);
  const { data: accountList } = useSuspenseQuery(labAccountsQueryOptions);
  const { data: labTests } = useSuspenseQuery(labTestsQueryOptions);
  const accounts = accountList.data;
  const queryClient = useQueryClient();

  /** Rules that need the chosen account, tests and markers: the same functions the API runs. */
  const crossIssues = (values: CreateOrderRequestInput) => {
    const testIds = values.order_set?.lab_test_ids ?? [];
    const tests = labTests.filter((t) => testIds.includes(t.id));
    const resolved = resolveLabAccount(
      values.order_set?.lab_account_id ?? values.lab_account_id,
      accounts,
    );
    const markerIds = values.order_set?.add_on?.marker_ids ?? [];
    const lab = accounts.find((a) => a.id === values.lab_account_id)?.lab;
    // Add-on markers come from the lab's marker list (the cache the marker choices filled).
    const labMarkers = lab
      ? (queryClient.getQueryData(labMarkersQueryOptions(lab).queryKey)?.markers ?? [])
      : [];
    const allMarkers = [...labMarkers, ...labTests.flatMap((t) => t.markers ?? [])];
    const markers =
      markerIds.length > 0
        ? markerIds.flatMap((id) => allMarkers.find((m) => m.id === id) ?? [])
        : tests.flatMap((t) => t.markers ?? []);
    return [
      ...(resolved.issue ? [resolved.issue] : []),
      ...orderCrossChecks(values, {
        labAccount: resolved.account,
        labTests: tests.map((t) => ({
          id: t.id,
          method: t.method,
          lab: t.lab ? { slug: t.lab.slug } : null,
        })),
      }),
      ...aoeIssues(markers, values.aoe_answers),
    ];
  };

  const form: OrderForm = useForm<CreateOrderRequestInput, unknown, CreateOrderRequest>({
    // The error summary takes focus instead, and links to each field.
    shouldFocusError: false,
    resolver: async (values, context, options) => {
      const result = await zodResolver(schema)(values, context, options);
      const issues = crossIssues(values);
      if (issues.length === 0) return result;
      // The rules that need the chosen account, tests and markers show with the schema's.
      const errors = { ...result.errors };
      for (const issue of issues) {
        const path = issue.path.join('.');
        if (!get(errors, path)) set(errors, path, { type: 'cross', message: issue.message });
      }
      return { values: {}, errors };
    },
    defaultValues: {
      ...DEFAULTS,
      ...(accounts.length === 1 ? { lab_account_id: accounts[0]?.id } : {}),
    },
    shouldUnregister: true,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [proxy, setProxy] = useState(false);
  const [physician, setPhysician] = useState(false);
  const [insurance, setInsurance] = useState(false);
  const [mode, setMode] = useState<OrderSetMode>('tests');
  const { summary, show: showSummary, clear: clearSummary } = useErrorSummary();
  /** A problem with the whole submission, summarised with the fields' own messages. */
  const reportProblem = (message: string) => showSummary(form.formState.errors, message);
  const [prefilled, setPrefilled] = useState(false);
  const inFlight = useRef(false);
  const { submit, done: submitted } = useOrderSubmission(createOrder);

  const userId = useWatch({ control: form.control, name: 'user_id' });
  const accountId = useWatch({ control: form.control, name: 'lab_account_id' });
  const watchedTests = useWatch({ control: form.control, name: 'order_set.lab_test_ids' });
  const watchedMarkerIds = useWatch({ control: form.control, name: 'order_set.add_on.marker_ids' });
  const userMessage = useFieldError(form, 'user_id');
  const account = accounts.find((a) => a.id === accountId) ?? null;
  const physicianRequired = account ? requiresPhysician(account.delegated_flow) : false;

  const labMarkers = useQuery({
    ...labMarkersQueryOptions(account?.lab ?? ''),
    enabled: mode === 'markers' && account !== null,
  });
  const chosenMarkers: Marker[] = useMemo(() => {
    const chosenTests = watchedTests ?? [];
    const chosenMarkerIds = watchedMarkerIds ?? [];
    if (mode === 'tests') {
      return labTests.filter((t) => chosenTests.includes(t.id)).flatMap((t) => t.markers ?? []);
    }
    const all = [...(labMarkers.data?.markers ?? []), ...labTests.flatMap((t) => t.markers ?? [])];
    return chosenMarkerIds.flatMap((id) => all.find((m) => m.id === id) ?? []);
  }, [mode, labTests, watchedTests, watchedMarkerIds, labMarkers.data]);

  const { isDirty, isSubmitting } = form.formState;
  useBlocker({
    shouldBlockFn: () =>
      isDirty && !submitted && !window.confirm('Leave this order? What you entered will be lost.'),
    enableBeforeUnload: () => isDirty && !submitted,
  });

  /** A returning patient's details come from their latest order, unless some were typed. */
  const prefillFromLatestOrder = async (id: string) => {
    if (form.getValues('patient_details.first_name')) return;
    const page = await queryClient.query(patientOrdersQueryOptions(id)).catch(() => null);
    const latest = page?.orders.find((o) => o.patient_details);
    const details = latest?.patient_details;
    if (!details || form.getValues('patient_details.first_name')) return;
    const fill = { shouldDirty: true } as const;
    form.setValue('patient_details.first_name', details.first_name ?? '', fill);
    form.setValue('patient_details.last_name', details.last_name ?? '', fill);
    form.setValue('patient_details.dob', details.dob.slice(0, 10), fill);
    const gender = GENDERS.find((g) => g === details.gender);
    if (gender) form.setValue('patient_details.gender', gender, fill);
    if (details.phone_number)
      form.setValue('patient_details.phone_number', details.phone_number, fill);
    if (details.email) form.setValue('patient_details.email', details.email, fill);
    const address = latest.patient_address;
    if (address) {
      form.setValue('patient_address.first_line', address.first_line, fill);
      if (address.second_line)
        form.setValue('patient_address.second_line', address.second_line, fill);
      form.setValue('patient_address.city', address.city, fill);
      form.setValue('patient_address.state', address.state, fill);
      form.setValue('patient_address.zip', address.zip, fill);
      form.setValue('patient_address.country', address.country, fill);
    }
    setPrefilled(true);
  };

  /* A patient page sends its patient here: chosen as if picked, details filled alike. The
     user_id has no input of its own in the form, so a default value alone would not be sent. */
  const chooseArrivingPatient = useEffectEvent(() => {
    if (!initialUserId || form.getValues('user_id')) return;
    form.setValue('user_id', initialUserId);
    void prefillFromLatestOrder(initialUserId);
  });
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, on arrival: fills the form's own store
    chooseArrivingPatient();
  }, []);

  const onValid = async (request: Parameters<Parameters<typeof form.handleSubmit>[0]>[0]) => {
    if (inFlight.current) return;
    clearSummary();
    inFlight.current = true;
    try {
      await submit(request);
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField) {
        for (const [field, message] of Object.entries(byField)) {
          if (field) form.setError(field as Path, { type: 'server', message });
        }
        reportProblem(
          byField[''] ?? 'The Lab API refused some fields: see the messages next to them.',
        );
      } else if (isApiError(error) && error.status === 404) {
        // The patient was deleted (or never was the team's) since it was chosen.
        form.setError('user_id', {
          type: 'server',
          message: `${error.message}. Choose or create another patient.`,
        });
        reportProblem('The patient cannot receive orders: see the patient field.');
      } else if (isUnauthorized(error) || error instanceof SessionChangedError) {
        // Nothing reached the Lab API: only the sign-in is missing, the entry is kept.
        reportProblem(describeError(error));
      } else if (isRetryable(error)) {
        reportProblem(
          `${describeError(error)} The order may or may not have been placed: submit again and it will not be placed twice.`,
        );
      } else {
        reportProblem(
          `${describeError(error)} Correct the order or contact support; submitting again will repeat this answer.`,
        );
      }
    } finally {
      inFlight.current = false;
    }
  };

  const hasQuestions = chosenMarkers.some((m) => (m.aoe?.questions.length ?? 0) > 0);

  return (
    <>
      <h1>New order</h1>
      <p className="lede">
        Every field of the order, in sections; the outline shows what is done and what is left.
        Required fields are marked by their messages if left empty.
      </p>
      <div className="order-layout">
        <FormProgress
          form={form}
          hasQuestions={hasQuestions}
          physicianRequired={physicianRequired}
        />
        <div className="order-layout__main">
          <ErrorSummary {...summary} />
          <Section id="patient">
            <PatientPicker
              userId={userId}
              message={userMessage}
              onChoose={(id) => {
                form.setValue('user_id', id, {
                  shouldDirty: true,
                  shouldValidate: form.formState.isSubmitted,
                });
                void prefillFromLatestOrder(id);
              }}
            />
          </Section>
          <form
            className="form order-form"
            noValidate
            onSubmit={(event) =>
              void form.handleSubmit(onValid, (errors) => showSummary(errors))(event)
            }
            aria-label="New order"
          >
            {prefilled ? (
              <p role="status" className="notice">
                Patient details and address were filled from this patient&apos;s latest order: check
                them before placing the order.
              </p>
            ) : null}
            <Section id="details">
              <PatientDetailsFieldset form={form} />
              <MedicalProxyFieldset
                form={form}
                today={today}
                enabled={proxy}
                onToggle={(on) => setProxy(on)}
              />
            </Section>
            <Section id="address">
              <PatientAddressFieldset form={form} />
            </Section>
            <Section id="tests">
              <OrderSetFieldset
                form={form}
                accounts={accounts}
                labTests={labTests}
                mode={mode}
                onMode={(next) => {
                  setMode(next);
                  form.setValue('order_set.lab_test_ids', next === 'tests' ? [] : undefined);
                  form.setValue('order_set.add_on', undefined);
                }}
              />
            </Section>
            <Section id="questions">
              <AoeFieldset form={form} markers={chosenMarkers} />
            </Section>
            <Section id="physician">
              <PhysicianFieldset
                form={form}
                required={physicianRequired}
                enabled={physician}
                onToggle={setPhysician}
              />
            </Section>
            <Section id="insurance">
              <InsuranceFieldset form={form} enabled={insurance} onToggle={setInsurance} />
            </Section>
            <Section id="billing">
              <BillingFieldset form={form} />
            </Section>
            <Section id="consents">
              <ConsentsFieldset form={form} />
            </Section>
            <Section id="notes">
              <NotesFieldset form={form} account={account} />
            </Section>
            <p className="actions order-form__submit">
              <button type="submit" className="button" disabled={isSubmitting}>
                {isSubmitting ? 'Placing the order …' : 'Place order'}
              </button>
            </p>
            {isSubmitting ? (
              <p role="status" className="pending">
                Placing the order …
              </p>
            ) : null}
          </form>
        </div>
      </div>
    </>
  );
}
