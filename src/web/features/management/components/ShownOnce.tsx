import { Button } from '../../../shared/ui/Button';
import { ModalDialog } from '../../../shared/ui/Dialog';

/**
 * A new key's value, the one time it is shown: the console keeps nothing of it, and the
 * management API never gives it again.
 */
export function ShownOnce({
  title,
  value,
  onDone,
}: {
  title: string;
  value: string;
  onDone: () => void;
}) {
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      isDismissable={false}
      title={title}
    >
      <p>Copy it now and keep it somewhere safe: it will not be shown again.</p>
      <p>
        <code className="secret-value" aria-label="New key">
          {value}
        </code>
      </p>
      <p className="dialog__actions">
        <Button onPress={onDone}>I have stored it</Button>
      </p>
    </ModalDialog>
  );
}
