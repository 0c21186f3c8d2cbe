import { useId, type ReactNode } from 'react';
import { Button } from '../../../shared/ui/Button';

/** The form that makes a key: its label, what `children` add, the button and any refusal. */
export function NewKeyForm({
  heading,
  label,
  onLabel,
  labelError,
  submitLabel,
  busy,
  failure,
  onSubmit,
  children,
}: {
  heading: string;
  label: string;
  onLabel: (label: string) => void;
  labelError: string | undefined | null;
  submitLabel: string;
  busy: boolean;
  failure: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-labelledby={`${id}-new`}
    >
      <h2 id={`${id}-new`}>{heading}</h2>
      <div className="field">
        <label htmlFor={`${id}-label`}>Label</label>
        <input
          id={`${id}-label`}
          value={label}
          autoComplete="off"
          onChange={(e) => onLabel(e.target.value)}
          aria-invalid={labelError ? true : undefined}
          aria-describedby={labelError ? `${id}-label-error` : undefined}
        />
        {labelError ? (
          <p id={`${id}-label-error`} className="field-error">
            {labelError}
          </p>
        ) : null}
      </div>
      {children}
      <Button type="submit" isDisabled={busy}>
        {busy ? 'Creating …' : submitLabel}
      </Button>
      {failure ? (
        <p role="alert" className="form-alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
