import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './dialog.css';

interface ModalDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  /** Wider dialogs hold lists (the command palette, the shortcuts). */
  size?: 'normal' | 'wide';
  /** Whether a click outside closes it; Escape always does. */
  isDismissable?: boolean;
  /** The palette has no visible heading: its search field says what it is. */
  hideTitle?: boolean;
  className?: string;
}

/**
 * A modal dialog: focus moves in and is contained, the page behind is hidden from
 * assistive technology and scrolling, Escape closes it, and focus returns to the opener.
 */
export function ModalDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  size = 'normal',
  isDismissable = true,
  hideTitle = false,
  className,
}: ModalDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="modal-overlay"
    >
      <Modal className={`modal modal--${size}`}>
        <AriaDialog className={['dialog', className ?? ''].filter(Boolean).join(' ')}>
          <Heading slot="title" className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
