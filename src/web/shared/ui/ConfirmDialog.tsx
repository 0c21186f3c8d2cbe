import type { ReactNode } from 'react';
import { Button } from './Button';
import { ModalDialog } from './Dialog';

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

/** A confirmation before an action that cannot be taken back; the design system's modal. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onClose } = props;
  return (
    <ModalDialog
      isOpen={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      // A click beside it must not throw away a reason half chosen; Escape still closes.
      isDismissable={false}
      title={props.title}
    >
      {props.children}
      {props.error ? (
        <p role="alert" className="form-alert">
          {props.error}
        </p>
      ) : null}
      <p className="dialog__actions">
        <Button onPress={props.onConfirm} isDisabled={props.busy}>
          {props.busy ? 'Working …' : props.confirmLabel}
        </Button>
        <Button variant="secondary" onPress={onClose}>
          {props.cancelLabel ?? 'Keep it'}
        </Button>
      </p>
    </ModalDialog>
  );
}
