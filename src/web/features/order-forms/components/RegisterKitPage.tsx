import { zodResolver } from '@hookform/resolvers/zod';
import { useBlocker } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { utcToday } from '../../../../contract/orderRequest';
import {
  registerTestkitRequestSchemaFor,
  type RegisterTestkitRequest,
} from '../../../../contract/testkit';
import { describeError, isApiError } from '../../../shared/api/client';
import { useErrorSummary } from '../../../shared/lib/useErrorSummary';
import { ErrorSummary } from '../../../shared/ui/ErrorSummary';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { registerTestkit } from '../api/placeOrder';
import { errorAt, type OrderForm } from '../lib/formTypes';
import { applyServerErrors } from '../../../shared/lib/serverErrors';
import { isRetryable } from '../lib/submissionKeys';
import { useOrderSubmission } from '../lib/useOrderSubmission';
import { FieldMessage } from './Field';
import { ConsentsFieldset, InsuranceFieldset, PhysicianFieldset } from './OrderFormDetailSections';
import {
  MedicalProxyFieldset,
  PatientAddressFieldset,
  PatientDetailsFieldset,
} from './PatientSections';
import { PatientPicker } from './PatientPicker';

type Input = z.input<ReturnType<typeof registerTestkitRequestSchemaFor>>;

/** Registers an unregistered kit by its sample id, optionally to another patient of the team. */
export function RegisterKitPage() {
  usePageTitle('Register a test kit');
  const id = useId();
  const today = utcToday();
  const schema = useMemo(() => registerTestkitRequestSchemaFor(today), [today]);
  const form = useForm<Input, unknown, RegisterTestkitRequest>({
    // The error summary takes focus instead, and links to each field.
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: {
      sample_id: '',
      consents: [],
      patient_address: { country: 'US' },
    },
    shouldUnregister: true,
  });
  /* The patient, address, consent and physician sections are the order form's: these
     requests name those members the same way, so the sections work on this form too. */
  const shared = form as unknown as OrderForm;
  const [rebind, setRebind] = useState(false);
  const [proxy, setProxy] = useState(false);
  const [physician, setPhysician] = useState(false);
  const [insurance, setInsurance] = useState(false);
  const { summary, show: showSummary, clear: clearSummary } = useErrorSummary();
  /** A problem with the whole submission, summarised with the fields' own messages. */
  const reportProblem = (message: string) => showSummary(form.formState.errors, message);
  const { submit, done } = useOrderSubmission(registerTestkit);
  const userId = useWatch({ control: form.control, name: 'user_id' });
  const { errors, isDirty, isSubmitting } = form.formState;
  useBlocker({
    shouldBlockFn: () =>
      isDirty &&
      !done &&
      !window.confirm('Leave this registration? What you entered will be lost.'),
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
      } else if (isApiError(error) && error.status === 404) {
        reportProblem(`${error.message}. Check the sample ID printed on the kit, and the patient.`);
      } else {
        reportProblem(
          isRetryable(error)
            ? `${describeError(error)} Submit again: the kit will not be registered twice.`
            : `${describeError(error)} Check the kit and the patient, then try again.`,
        );
      }
    }
  };

  return (
    <>
      <h1>Register a test kit</h1>
      <ErrorSummary {...summary} />
      <section className="card" aria-labelledby={`${id}-bind`}>
        <h2 id={`${id}-bind`}>Patient the kit belongs to</h2>
        <div className="field field--check">
          <input
            id={`${id}-rebind`}
            type="checkbox"
            checked={rebind}
            onChange={(e) => {
              setRebind(e.target.checked);
              if (!e.target.checked) form.setValue('user_id', undefined);
            }}
          />
          <label htmlFor={`${id}-rebind`}>Register the kit to another patient of the team</label>
        </div>
        <p className="field-hint">Otherwise the kit stays with the patient it was ordered for.</p>
      </section>
      {rebind ? (
        <PatientPicker
          userId={userId}
          message={errorAt(errors, 'user_id')}
          onChoose={(value) => form.setValue('user_id', value, { shouldDirty: true })}
        />
      ) : null}
      <form
        className="form"
        noValidate
        aria-label="Register a test kit"
        onSubmit={(e) => void form.handleSubmit(onValid, (errors) => showSummary(errors))(e)}
      >
        <fieldset className="card">
          <legend>Kit</legend>
          <div className="field">
            <label htmlFor={`${id}-sample`}>Sample ID</label>
            <input
              id={`${id}-sample`}
              aria-invalid={errors.sample_id ? true : undefined}
              aria-describedby={errors.sample_id ? `${id}-sample-error` : undefined}
              {...form.register('sample_id')}
            />
            <FieldMessage id={`${id}-sample-error`} message={errorAt(errors, 'sample_id')} />
          </div>
        </fieldset>
        <PatientDetailsFieldset form={shared} />
        <MedicalProxyFieldset form={shared} today={today} enabled={proxy} onToggle={setProxy} />
        <PatientAddressFieldset form={shared} />
        <ConsentsFieldset form={shared} />
        <PhysicianFieldset
          form={shared}
          required={false}
          enabled={physician}
          onToggle={setPhysician}
        />
        <InsuranceFieldset form={shared} enabled={insurance} onToggle={setInsurance} />
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Registering …' : 'Register the kit'}
        </button>
      </form>
    </>
  );
}
