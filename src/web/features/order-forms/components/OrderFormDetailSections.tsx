import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { BILLING_TYPES, CONSENT_TYPES } from '../../../../contract/enums';
import { requiresPhysician } from '../../../../contract/labAccount';
import { NOTES_MAX_LENGTH } from '../../../../contract/messages';
import { RESPONSIBLE_RELATIONSHIPS } from '../../../../contract/orderRequest';
import { humanize } from '../../../shared/lib/format';
import { describeConsent } from '../../../shared/lib/labels';
import { SelectField as DesignSelect } from '../../../shared/ui/MultiSelect';
import { emptyAsUndefined, trimmedOrUndefined, type OrderForm } from '../lib/formTypes';
import { useChosenAccount, useChosenMarkers, type OrderSetMode } from '../lib/useOrderChoices';
import { FieldMessage, InputField, SelectField, useFieldError } from './Field';
import { IcdCodesField } from './IcdCodesField';
import { ImageInput } from './ImageInput';
import { AddressFields } from './PatientSections';

const listOf = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(/[,\s]+/)
        .map((v) => v.trim())
        .filter(Boolean)
    : value;

export function PhysicianFieldset({
  form,
  required,
  enabled,
  onToggle,
}: {
  form: OrderForm;
  required: boolean;
  enabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  const id = useId();
  const message = useFieldError(form, 'physician');
  const signatureMessage = useFieldError(form, 'physician.signature_image');
  return (
    <fieldset className="card" aria-describedby={message && !enabled ? `${id}-error` : undefined}>
      <legend>Ordering physician</legend>
      <p className="field-hint">
        {required
          ? 'This lab account requires a physician: first name, last name and NPI.'
          : 'Optional: without one, the service’s own physicians order.'}
      </p>
      <div className="field field--check">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={enabled}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <label htmlFor={`${id}-on`}>Name the ordering physician</label>
      </div>
      {!enabled ? <FieldMessage id={`${id}-error`} message={message} /> : null}
      {enabled ? (
        <>
          <InputField form={form} name="physician.first_name" label="Physician first name" />
          <InputField form={form} name="physician.last_name" label="Physician last name" />
          <InputField
            form={form}
            name="physician.npi"
            label="NPI"
            hint="10 digits with a valid check digit"
          />
          <InputField
            form={form}
            name="physician.email"
            label="Physician email (optional)"
            type="email"
            options={{ setValueAs: emptyAsUndefined }}
          />
          <InputField
            form={form}
            name="physician.licensed_states"
            label="Licensed states (optional)"
            hint="Two-letter codes separated by commas, like NY, NJ"
            options={{ setValueAs: listOf }}
          />
          <ImageInput
            label="Signature image (optional, JPEG or PNG)"
            serverMessage={signatureMessage}
            onChange={(image) =>
              form.setValue('physician.signature_image', image ?? undefined, { shouldDirty: true })
            }
          />
        </>
      ) : null}
    </fieldset>
  );
}

/** The physician on an order: required when the chosen lab account's flow delegates. */
export function OrderPhysicianFieldset(props: {
  form: OrderForm;
  enabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  const account = useChosenAccount(props.form);
  return (
    <PhysicianFieldset
      {...props}
      required={account ? requiresPhysician(account.delegated_flow) : false}
    />
  );
}

export function InsuranceFieldset({
  form,
  enabled,
  onToggle,
}: {
  form: OrderForm;
  enabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  const id = useId();
  const relationship = useWatch({
    control: form.control,
    name: 'health_insurance.responsible_relationship',
  });
  const detailsMessage = useFieldError(form, 'health_insurance.responsible_details');
  const image = (name: 'front_image' | 'back_image' | 'patient_signature_image', label: string) => (
    <ImageInput
      label={label}
      onChange={(value) =>
        form.setValue(`health_insurance.${name}`, value ?? undefined, { shouldDirty: true })
      }
    />
  );
  return (
    <fieldset className="card">
      <legend>Health insurance</legend>
      <p className="field-hint">Deprecated by the Lab API but still accepted.</p>
      <div className="field field--check">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={enabled}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <label htmlFor={`${id}-on`}>Add health insurance</label>
      </div>
      {enabled ? (
        <>
          <InputField form={form} name="health_insurance.payor_code" label="Payor code" />
          <InputField form={form} name="health_insurance.insurance_id" label="Insurance ID" />
          {image('front_image', 'Card front (JPEG or PNG)')}
          {image('back_image', 'Card back (JPEG or PNG)')}
          {image('patient_signature_image', 'Patient signature (JPEG or PNG)')}
          <InputField
            form={form}
            name="health_insurance.subjective"
            label="Subjective (optional)"
          />
          <InputField
            form={form}
            name="health_insurance.assessment_plan"
            label="Assessment plan (optional)"
          />
          <IcdCodesField
            form={form}
            name="health_insurance.diagnosis_codes"
            label="Diagnosis codes (ICD-10, optional)"
            hint="The diagnoses the insurer is billed for, separated by commas, like E11.9, Z00.00. The order's own ICD-10 codes, under Billing, go to the lab."
          />
          <SelectField
            form={form}
            name="health_insurance.responsible_relationship"
            label="Who is responsible for the bill"
            choices={RESPONSIBLE_RELATIONSHIPS.map((r) => ({
              value: r,
              label: r === 'Self' ? 'The patient (Self)' : r,
            }))}
            emptyLabel="Not given"
          />
          {relationship === 'Spouse' || relationship === 'Other' ? (
            <fieldset
              className="subfieldset"
              aria-describedby={detailsMessage ? `${id}-resp-error` : undefined}
            >
              <legend>Responsible person</legend>
              <InputField
                form={form}
                name="health_insurance.responsible_details.first_name"
                label="First name"
              />
              <InputField
                form={form}
                name="health_insurance.responsible_details.last_name"
                label="Last name"
              />
              <InputField
                form={form}
                name="health_insurance.responsible_details.phone_number"
                label="Phone number"
                type="tel"
              />
              <AddressFields form={form} prefix="health_insurance.responsible_details.address" />
            </fieldset>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

export function BillingFieldset({ form }: { form: OrderForm }) {
  return (
    <fieldset className="card">
      <legend>Billing, priority and scheduling</legend>
      <SelectField
        form={form}
        name="billing_type"
        label="Billing type"
        choices={BILLING_TYPES.map((b) => ({ value: b, label: humanize(b) }))}
        emptyLabel="Client bill (default)"
      />
      <div className="field field--check">
        <input id="order-priority" type="checkbox" {...form.register('priority')} />
        <label htmlFor="order-priority">Priority (STAT)</label>
      </div>
      <p className="field-hint">STAT processing is offered by some labs only.</p>
      <IcdCodesField
        form={form}
        name="icd_codes"
        label="ICD-10 codes (optional)"
        hint="The reasons for the tests, sent to the lab with the order, separated by commas, like E11.9, Z00.00. With insurance, its own diagnosis codes are what the insurer is billed for."
      />
      <InputField
        form={form}
        name="activate_by"
        label="Activate on (optional)"
        type="date"
        hint="A future date makes a scheduled order: it waits until then."
        options={{ setValueAs: emptyAsUndefined }}
      />
      <InputField
        form={form}
        name="passthrough"
        label="Passthrough (optional)"
        hint="Your own reference, returned with the order."
        options={{ setValueAs: emptyAsUndefined }}
      />
    </fieldset>
  );
}

export function ConsentsFieldset({ form }: { form: OrderForm }) {
  const id = useId();
  const consents = useWatch({ control: form.control, name: 'consents' }) ?? [];
  const message = useFieldError(form, 'consents');
  const chosen = new Set(consents.map((c) => c.consentType));
  const toggle = (type: (typeof CONSENT_TYPES)[number], on: boolean) => {
    const next = on
      ? [
          ...consents,
          { consentType: type, version: '1.0', timeOfConsent: new Date().toISOString() },
        ]
      : consents.filter((c) => c.consentType !== type);
    form.setValue('consents', next, { shouldDirty: true });
  };
  return (
    <fieldset className="card" aria-describedby={message ? `${id}-error` : undefined}>
      <legend>Consents</legend>
      <p className="field-hint">
        Each consent is recorded with version 1.0 and the time you tick it.
      </p>
      <ul className="choices">
        {CONSENT_TYPES.map((type) => (
          <li key={type}>
            <input
              id={`${id}-${type}`}
              type="checkbox"
              checked={chosen.has(type)}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            <label htmlFor={`${id}-${type}`}>{describeConsent(type)}</label>
          </li>
        ))}
      </ul>
      <FieldMessage id={`${id}-error`} message={message} />
    </fieldset>
  );
}

/** Ask-on-order-entry questions of the chosen markers; answers go in aoe_answers. */
export function AoeFieldset({ form, mode }: { form: OrderForm; mode: OrderSetMode }) {
  const id = useId();
  const markers = useChosenMarkers(form, mode);
  const answers = useWatch({ control: form.control, name: 'aoe_answers' }) ?? [];
  const message = useFieldError(form, 'aoe_answers');
  const questions = markers.flatMap((m) =>
    (m.aoe?.questions ?? []).map((q) => ({ marker: m, question: q })),
  );
  if (questions.length === 0) return null;
  const answerOf = (markerId: number, questionId: number) =>
    answers.find((a) => a.marker_id === markerId && a.question_id === questionId)?.answer ?? '';
  const setAnswer = (markerId: number, questionId: number, answer: string) => {
    const rest = answers.filter((a) => !(a.marker_id === markerId && a.question_id === questionId));
    form.setValue(
      'aoe_answers',
      answer ? [...rest, { marker_id: markerId, question_id: questionId, answer }] : rest,
      { shouldDirty: true },
    );
  };
  return (
    <fieldset className="card" aria-describedby={message ? `${id}-error` : undefined}>
      <legend>Questions from the lab</legend>
      {questions.map(({ marker, question }) => {
        const inputId = `${id}-${marker.id}-${question.id}`;
        const label = `${question.value} (${marker.name})${question.required ? '' : ' (optional)'}`;
        const value = answerOf(marker.id, question.id);
        return (
          <div className="field" key={inputId}>
            {question.answers.length > 0 ? (
              <DesignSelect
                label={label}
                options={question.answers.map((a) => ({ id: a.code, label: a.value }))}
                value={value}
                onChange={(answer) => setAnswer(marker.id, question.id, answer)}
                isRequired={question.required}
                // An optional question can be left unanswered again.
                {...(question.required ? {} : { emptyLabel: 'Not answered' })}
              />
            ) : (
              <>
                <label htmlFor={inputId}>{label}</label>
                <input
                  id={inputId}
                  value={value}
                  required={question.required}
                  onChange={(e) => setAnswer(marker.id, question.id, e.target.value)}
                />
              </>
            )}
          </div>
        );
      })}
      <FieldMessage id={`${id}-error`} message={message} />
    </fieldset>
  );
}

export function NotesFieldset({ form }: { form: OrderForm }) {
  const id = useId();
  const account = useChosenAccount(form);
  const notes = useWatch({ control: form.control, name: 'clinical_notes' });
  const message = useFieldError(form, 'clinical_notes');
  const text = typeof notes === 'string' ? notes.trim() : '';
  const defaults = account?.default_clinical_notes ?? null;
  return (
    <fieldset className="card">
      <legend>Clinical notes</legend>
      <div className="field">
        <label htmlFor={`${id}-notes`}>Clinical notes for the lab (optional)</label>
        <textarea
          id={`${id}-notes`}
          rows={4}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-count${message ? ` ${id}-error` : ''}`}
          {...form.register('clinical_notes', { setValueAs: trimmedOrUndefined })}
        />
        <p id={`${id}-count`} className="field-hint" aria-live="polite">
          {text.length} of {NOTES_MAX_LENGTH} characters
        </p>
        <FieldMessage id={`${id}-error`} message={message} />
      </div>
      {defaults ? (
        <div className="notice">
          <p>This lab account adds its default notes. The lab will receive:</p>
          <pre className="notes-preview">{[defaults, text].filter(Boolean).join('\n')}</pre>
        </div>
      ) : null}
    </fieldset>
  );
}
