import { formatDateTime } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ShownOnce } from './ShownOnce';
import type { KeyChanges } from './useKeyChanges';

/** The new key's value, shown once, and the confirmation before a key is deleted. */
export function KeyDialogs<K extends { label: string }>({
  changes,
  createdTitle,
  deleteTitle,
  deleteConsequence,
}: {
  changes: KeyChanges<K>;
  createdTitle: string;
  deleteTitle: string;
  /** What deleting the key labelled `label` does to what uses it. */
  deleteConsequence: (label: string | undefined) => string;
}) {
  return (
    <>
      {changes.created ? (
        <ShownOnce title={createdTitle} value={changes.created} onDone={changes.forgetCreated} />
      ) : null}
      <ConfirmDialog
        open={changes.deleting !== null}
        title={deleteTitle}
        confirmLabel="Delete key"
        busy={changes.busy}
        error={changes.failure}
        onClose={changes.closeDelete}
        onConfirm={changes.confirmDelete}
      >
        <p>{deleteConsequence(changes.deleting?.label)}</p>
      </ConfirmDialog>
    </>
  );
}

/** The last cells of a key's row: when it was made, and the button that asks to delete it. */
export function KeyRowEnd<K extends { label: string; created_at: string }>({
  keyRow,
  changes,
}: {
  keyRow: K;
  changes: KeyChanges<K>;
}) {
  return (
    <>
      <td>{formatDateTime(keyRow.created_at)}</td>
      <td>
        <Button size="small" variant="danger" onPress={() => changes.askToDelete(keyRow)}>
          Delete <span className="visually-hidden">{keyRow.label}</span>
        </Button>
      </td>
    </>
  );
}
