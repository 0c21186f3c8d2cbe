import { useId, type ReactNode } from 'react';
import { useController, useFormState, type FieldPath, type RegisterOptions } from 'react-hook-form';
import type { CreateOrderRequestInput } from '../../../../contract/orderRequest';
import { SelectField as DesignSelect } from '../../../shared/ui/MultiSelect';
import { errorAt, type OrderForm } from '../lib/formTypes';

type Name = FieldPath<CreateOrderRequestInput>;

/** A field's message, next to it; the input points at it with aria-describedby. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

export function useFieldError(form: OrderForm, name: string): string | undefined {
  const { errors } = useFormState({ control: form.control, name: name as Name });
  return errorAt(errors, name);
}

interface InputFieldProps {
  form: OrderForm;
  name: Name;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number' | 'datetime-local';
  hint?: ReactNode;
  autoComplete?: string;
  options?: RegisterOptions<CreateOrderRequestInput, Name>;
  /** Show the message of another path here (a cross-field rule about this field). */
  messageOf?: string;
}

export function InputField({
  form,
  name,
  label,
  type = 'text',
  hint,
  autoComplete,
  options,
  messageOf,
}: InputFieldProps) {
  const id = useId();
  const message = useFieldError(form, messageOf ?? name);
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type={type}
        autoComplete={autoComplete ?? 'off'}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...form.register(name, options)}
      />
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}

interface SelectFieldProps {
  form: OrderForm;
  name: Name;
  label: string;
  choices: readonly { value: string; label: string }[];
  /**
   * The label of the empty choice, which leaves the field out of the request; absent means
   * a choice is required.
   */
  emptyLabel?: string;
  hint?: ReactNode;
}

/**
 * The design system's select, its value held by react-hook-form: the hidden input named
 * after the field leads the error summary to its button, which takes focus on errors.
 */
export function SelectField({ form, name, label, choices, emptyLabel, hint }: SelectFieldProps) {
  const message = useFieldError(form, name);
  const { field } = useController({ control: form.control, name });
  return (
    <div className="field">
      <DesignSelect
        label={label}
        name={name}
        options={choices.map((c) => ({ id: c.value, label: c.label }))}
        {...(emptyLabel === undefined ? {} : { emptyLabel })}
        value={typeof field.value === 'string' ? field.value : ''}
        // An optional choice left empty is absent from the request, as the Lab API expects.
        onChange={(value) => field.onChange(value === '' ? undefined : value)}
        onBlur={field.onBlur}
        description={hint}
        errorMessage={message}
        triggerRef={field.ref}
      />
    </div>
  );
}
