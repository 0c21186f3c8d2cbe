import { useId, type ReactNode } from 'react';
import { useFormState, type FieldPath, type RegisterOptions } from 'react-hook-form';
import type { CreateOrderRequestInput } from '../../../../contract/orderRequest';
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
  /** The label of the empty choice; absent means a choice is required. */
  emptyLabel?: string;
  hint?: ReactNode;
  options?: RegisterOptions<CreateOrderRequestInput, Name>;
}

export function SelectField({
  form,
  name,
  label,
  choices,
  emptyLabel,
  hint,
  options,
}: SelectFieldProps) {
  const id = useId();
  const message = useFieldError(form, name);
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
      <select
        id={id}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...form.register(name, options)}
      >
        <option value="">{emptyLabel ?? 'Choose …'}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}
