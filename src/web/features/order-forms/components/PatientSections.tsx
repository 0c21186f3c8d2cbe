import { useId } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import {
  ETHNICITIES,
  GENDER_IDENTITIES,
  GENDERS,
  RACES,
  SEXUAL_ORIENTATIONS,
} from '../../../../contract/enums';
import { NOTES_MAX_LENGTH } from '../../../../contract/messages';
import { isMinorOn, type CreateOrderRequestInput } from '../../../../contract/orderRequest';
import { humanize } from '../../../shared/lib/format';
import { emptyAsUndefined, numberOrUndefined, type OrderForm } from '../lib/formTypes';
import { FieldMessage, InputField, SelectField, useFieldError } from './Field';

type Name = FieldPath<CreateOrderRequestInput>;
const choices = (values: readonly string[]) =>
  values.map((value) => ({ value, label: humanize(value) }));
const optionalChoice = { setValueAs: emptyAsUndefined };
const optionalNumber = { setValueAs: numberOrUndefined };

export function PatientDetailsFieldset({ form }: { form: OrderForm }) {
  return (
    <fieldset className="card">
      <legend>Patient details</legend>
      <InputField
        form={form}
        name="patient_details.first_name"
        label="First name"
        autoComplete="off"
        hint="1 to 50 characters: letters, digits, spaces, - . , '"
      />
      <InputField form={form} name="patient_details.last_name" label="Last name" />
      <InputField form={form} name="patient_details.dob" label="Date of birth" type="date" />
      <SelectField
        form={form}
        name="patient_details.gender"
        label="Sex"
        choices={choices(GENDERS)}
      />
      <InputField form={form} name="patient_details.phone_number" label="Phone number" type="tel" />
      <InputField form={form} name="patient_details.email" label="Email" type="email" />
      <p className="field-hint">
        The details below are optional. Any left empty are recorded by the lab as Not Specified.
      </p>
      <SelectField
        form={form}
        name="patient_details.race"
        label="Race"
        choices={choices(RACES)}
        emptyLabel="Not specified"
      />
      <SelectField
        form={form}
        name="patient_details.ethnicity"
        label="Ethnicity"
        choices={choices(ETHNICITIES)}
        emptyLabel="Not specified"
      />
      <SelectField
        form={form}
        name="patient_details.sexual_orientation"
        label="Sexual orientation"
        choices={choices(SEXUAL_ORIENTATIONS)}
        emptyLabel="Not specified"
      />
      <SelectField
        form={form}
        name="patient_details.gender_identity"
        label="Gender identity"
        choices={choices(GENDER_IDENTITIES)}
        emptyLabel="Not specified"
      />
      <InputField
        form={form}
        name="patient_details.household_income"
        label="Household income (USD per year)"
        type="number"
        options={optionalNumber}
      />
      <InputField
        form={form}
        name="patient_details.household_size"
        label="Household size"
        type="number"
        options={optionalNumber}
      />
    </fieldset>
  );
}

/** Address lines shared by the medical proxy and the responsible person. */
export function AddressFields({ form, prefix }: { form: OrderForm; prefix: string }) {
  const at = (field: string) => `${prefix}.${field}` as Name;
  return (
    <>
      <InputField form={form} name={at('first_line')} label="Address line 1" />
      <InputField form={form} name={at('second_line')} label="Address line 2 (optional)" />
      <InputField form={form} name={at('city')} label="City" />
      <InputField form={form} name={at('state')} label="State" />
      <InputField form={form} name={at('zip')} label="ZIP code" />
      <InputField form={form} name={at('country')} label="Country" />
    </>
  );
}

/** Shown when the patient is under 18 on the day of ordering: the proxy is then required. */
export function MedicalProxyFieldset({
  form,
  today,
  enabled,
  onToggle,
}: {
  form: OrderForm;
  today: string;
  enabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  const id = useId();
  const dob = useWatch({ control: form.control, name: 'patient_details.dob' });
  const message = useFieldError(form, 'patient_details.medical_proxy');
  const minor = typeof dob === 'string' && isMinorOn(dob, today);
  if (!minor && !enabled) return null;
  return (
    <fieldset className="card" aria-describedby={message ? `${id}-error` : undefined}>
      <legend>Medical proxy</legend>
      <p className="field-hint">The patient is under 18: a parent or guardian must be named.</p>
      <div className="field field--check">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={enabled}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <label htmlFor={`${id}-on`}>Add the medical proxy</label>
      </div>
      {!enabled ? <FieldMessage id={`${id}-error`} message={message} /> : null}
      {enabled ? (
        <>
          <InputField
            form={form}
            name="patient_details.medical_proxy.first_name"
            label="Proxy first name"
          />
          <InputField
            form={form}
            name="patient_details.medical_proxy.last_name"
            label="Proxy last name"
          />
          <InputField
            form={form}
            name="patient_details.medical_proxy.phone_number"
            label="Proxy phone number"
            type="tel"
          />
          <InputField
            form={form}
            name="patient_details.medical_proxy.email"
            label="Proxy email (optional)"
            type="email"
            options={optionalChoice}
          />
          <AddressFields form={form} prefix="patient_details.medical_proxy.address" />
        </>
      ) : null}
    </fieldset>
  );
}

export function PatientAddressFieldset({ form }: { form: OrderForm }) {
  const id = useId();
  const notes = useWatch({ control: form.control, name: 'patient_address.access_notes' });
  const message = useFieldError(form, 'patient_address.access_notes');
  const length = typeof notes === 'string' ? notes.length : 0;
  return (
    <fieldset className="card">
      <legend>Patient address</legend>
      <InputField
        form={form}
        name="patient_address.receiver_name"
        label="Receiver name (optional)"
      />
      <InputField form={form} name="patient_address.first_line" label="Address line 1" />
      <InputField
        form={form}
        name="patient_address.second_line"
        label="Address line 2 (optional)"
      />
      <InputField form={form} name="patient_address.city" label="City" />
      <InputField form={form} name="patient_address.state" label="State" />
      <InputField
        form={form}
        name="patient_address.zip"
        label="ZIP code"
        hint="12345 or 12345-6789"
      />
      <InputField form={form} name="patient_address.country" label="Country" />
      <InputField
        form={form}
        name="patient_address.phone_number"
        label="Phone at this address (optional)"
        type="tel"
      />
      <div className="field">
        <label htmlFor={`${id}-notes`}>Access notes (optional)</label>
        <textarea
          id={`${id}-notes`}
          rows={3}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-count${message ? ` ${id}-error` : ''}`}
          {...form.register('patient_address.access_notes')}
        />
        <p id={`${id}-count`} className="field-hint">
          {length} of {NOTES_MAX_LENGTH} characters
        </p>
        <FieldMessage id={`${id}-error`} message={message} />
      </div>
    </fieldset>
  );
}
