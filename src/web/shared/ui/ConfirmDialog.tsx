import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal confirmation on the native `<dialog>`: showModal() traps focus, makes the
 * page behind inert and closes on Escape; focus returns to the opener on close.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { open, onClose } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{props.title}</h2>
      {props.children}
      {props.error ? (
        <p role="alert" className="form-alert">
          {props.error}
        </p>
      ) : null}
      <p className="dialog__actions">
        <button type="button" className="button" onClick={props.onConfirm} disabled={props.busy}>
          {props.busy ? 'Working …' : props.confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {props.cancelLabel ?? 'Keep it'}
        </button>
      </p>
    </dialog>
  );
}
