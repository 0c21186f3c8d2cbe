import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/** The filters on a phone, in a sheet (fetched when first opened). */
export function FiltersSheet({
  isOpen,
  onOpenChange,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="sheet-overlay"
    >
      <Modal className="sheet">
        <Dialog className="sheet__dialog">
          <Heading slot="title" className="sheet__title">
            Filters
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
