import { useId, type ReactNode } from 'react';
import { describeError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { ModalDialog } from '../../../shared/ui/Dialog';

/**
 * The dialog a custom panel is made or changed in: its name, what `children` add, the Lab
 * API's refusal, and Cancel or submit.
 */
export function PanelDialog({
  title,
  isOpen,
  onOpenChange,
  size = 'normal',
  name,
  onName,
  error,
  pending,
  submitLabel,
  pendingLabel,
  onSubmit,
  children,
}: {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  size?: 'normal' | 'wide';
  name: string;
  onName: (name: string) => void;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: () => void;
  /** Fields after the name; `fieldId` prefixes their ids. */
  children: (fieldId: string) => ReactNode;
}) {
  const id = useId();
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} size={size}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <p className="field">
          <label htmlFor={`${id}-name`}>Panel name</label>
          <input id={`${id}-name`} value={name} onChange={(e) => onName(e.target.value)} required />
        </p>
        {children(id)}
        {error ? <p role="alert">The Lab API refused: {describeError(error)}</p> : null}
        <p className="dialog__actions">
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            Cancel
          </Button>
          <button type="submit" className="button" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </p>
      </form>
    </ModalDialog>
  );
}
