import { useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import {
  memo,
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { GENDERS } from '../../../../contract/enums';
import {
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
} from '../../../shared/api/catalogue';
import { patientOrdersQueryOptions } from '../../../shared/api/orders';
import { createOrder } from '../api/placeOrder';
import { applyServerErrors } from '../../../shared/lib/serverErrors';
import { orderResolver } from '../lib/orderValidation';
import { isRetryable } from '../lib/submissionKeys';
import { useOrderSubmission } from '../lib/useOrderSubmission';
import { sectionAnchor, type OrderSectionId } from '../lib/formProgress';
import { type OrderForm } from '../lib/formTypes';
import type { OrderSetMode } from '../lib/useOrderChoices';
import { useStagedReveal } from '../lib/useStagedReveal';
import { useFieldError } from './Field';
import { FormProgress } from './FormProgress';
import {
  AoeFieldset,
  BillingFieldset,
  ConsentsFieldset,
  InsuranceFieldset,
  NotesFieldset,
  OrderPhysicianFieldset,
} from './OrderFormDetailSections';
import { OrderSetSection } from './OrderSetFieldset';
import {
  MedicalProxyFieldset,
  PatientAddressFieldset,
  PatientDetailsFieldset,
} from './PatientSections';
import { PatientPicker } from './PatientPicker';
import './orderForm.css';

/* Each section watches its own fields. Drawn once, it is not drawn again when a later one
   appears or the page's own state changes, as long as its props stay the same. */
const Outline = memo(FormProgress);
const Picker = memo(PatientPicker);
const PatientDetails = memo(PatientDetailsFieldset);
const MedicalProxy = memo(MedicalProxyFieldset);
const PatientAddress = memo(PatientAddressFieldset);
const OrderSet = memo(OrderSetSection);
const Questions = memo(AoeFieldset);
const Physician = memo(OrderPhysicianFieldset);
const Insurance = memo(InsuranceFieldset);
const Billing = memo(BillingFieldset);
const Consents = memo(ConsentsFieldset);
const Notes = memo(NotesFieldset);

/** One section of the form, the target of its line in the outline; drawn when `shown`. */
function Section({
  id,
  shown,
  children,
}: {
  id: OrderSectionId;
  shown: boolean;
  children: ReactNode;
}) {
  return (
    <div id={sectionAnchor(id)} className="order-section">
      {shown ? children : null}
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

/**
 * The full create-order form: every field of the request, with each rule next to its field.
 * The patient comes first and is drawn at once; the sections below follow one by one (see
 * useStagedReveal), and the lab accounts and tests load meanwhile.
 */
export function OrderFormPage({ initialUserId }: { initialUserId?: string | undefined }) {
  usePageTitle('New order');
  const today = utcToday();
  const queryClient = useQueryClient();

  /** The lists the cross-field rules need, as the form's sections see them. */
  const listsFor = async (values: CreateOrderRequestInput) => {
    // Loaded by the route; if they failed, the rules that need them see no accounts or tests.
    const [accountList, labTests] = await Promise.all([
      queryClient.query({ ...labAccountsQueryOptions, staleTime: 'static' }).catch(() => null),
      queryClient.query({ ...labTestsQueryOptions, staleTime: 'static' }).catch(() => null),
    ]);
    const accounts = accountList?.data ?? [];
    const lab = accounts.find((a) => a.id === values.lab_account_id)?.lab;
    // Add-on markers come from the lab's marker list (the cache the marker choices filled).
    const labMarkers = lab
      ? (queryClient.getQueryData(labMarkersQueryOptions(lab).queryKey)?.markers ?? [])
      : [];
    return { accounts, labTests: labTests ?? [], labMarkers };
  };

  const form: OrderForm = useForm<CreateOrderRequestInput, unknown, CreateOrderRequest>({
    // The error summary takes focus instead, and links to each field.
    shouldFocusError: false,
    resolver: async (values, context, options) => {
      return orderResolver(today, await listsFor(values))(values, context, options);
    },
    // A team's only lab account is chosen by the order set once the accounts are in.
    defaultValues: DEFAULTS,
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
  const userMessage = useFieldError(form, 'user_id');
  // The patient; then details, address, order set, questions and physician, insurance and
  // billing, consents and notes.
  const { shown, showAll } = useStagedReveal(7);

  const { isDirty, isSubmitting } = form.formState;
  useBlocker({
    shouldBlockFn: () =>
      isDirty && !submitted && !window.confirm('Leave this order? What you entered will be lost.'),
    enableBeforeUnload: () => isDirty && !submitted,
  });

  /** A returning patient's details come from their latest order, unless some were typed. */
  const prefillFromLatestOrder = useCallback(
    async (id: string) => {
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
    },
    [form, queryClient],
  );
  const choosePatient = useCallback(
    (id: string) => {
      form.setValue('user_id', id, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
      void prefillFromLatestOrder(id);
    },
    [form, prefillFromLatestOrder],
  );
  const chooseMode = useCallback(
    (next: OrderSetMode) => {
      setMode(next);
      form.setValue('order_set.lab_test_ids', next === 'tests' ? [] : undefined);
      form.setValue('order_set.add_on', undefined);
    },
    [form],
  );

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
      const refused = applyServerErrors(form, error);
      if (refused) {
        reportProblem(refused.problem);
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

  return (
    <>
      <h1>New order</h1>
      <p className="lede">
        Every field of the order, in sections; the outline shows what is done and what is left.
        Required fields are marked by their messages if left empty.
      </p>
      <div className="order-layout">
        <Outline form={form} mode={mode} />
        <div className="order-layout__main">
          <ErrorSummary {...summary} />
          <Section id="patient" shown>
            <Picker userId={userId} message={userMessage} onChoose={choosePatient} />
          </Section>
          <form
            className="form order-form"
            noValidate
            onSubmit={(event) => {
              // A submit before every section is drawn: the summary links to all fields.
              showAll();
              void form.handleSubmit(onValid, (errors) => showSummary(errors))(event);
            }}
            aria-label="New order"
          >
            {prefilled ? (
              <p role="status" className="notice">
                Patient details and address were filled from this patient&apos;s latest order: check
                them before placing the order.
              </p>
            ) : null}
            <Section id="details" shown={shown >= 2}>
              <PatientDetails form={form} />
              <MedicalProxy form={form} today={today} enabled={proxy} onToggle={setProxy} />
            </Section>
            <Section id="address" shown={shown >= 3}>
              <PatientAddress form={form} />
            </Section>
            <Section id="tests" shown={shown >= 4}>
              <OrderSet form={form} mode={mode} onMode={chooseMode} />
            </Section>
            <Section id="questions" shown={shown >= 5}>
              <Questions form={form} mode={mode} />
            </Section>
            <Section id="physician" shown={shown >= 5}>
              <Physician form={form} enabled={physician} onToggle={setPhysician} />
            </Section>
            <Section id="insurance" shown={shown >= 6}>
              <Insurance form={form} enabled={insurance} onToggle={setInsurance} />
            </Section>
            <Section id="billing" shown={shown >= 6}>
              <Billing form={form} />
            </Section>
            <Section id="consents" shown={shown >= 7}>
              <Consents form={form} />
            </Section>
            <Section id="notes" shown={shown >= 7}>
              <Notes form={form} />
            </Section>
            {/* With the first fields: Enter in a field submits only when the form has its
                submit button. The fields drawn first are taller than any screen. */}
            {shown >= 2 ? (
              <p className="actions order-form__submit">
                <button type="submit" className="button" disabled={isSubmitting}>
                  {isSubmitting ? 'Placing the order …' : 'Place order'}
                </button>
              </p>
            ) : null}
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
