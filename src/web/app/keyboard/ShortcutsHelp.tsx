import type { Role } from '../../../contract';
import { Button } from '../../shared/ui/Button';
import { ModalDialog } from '../../shared/ui/Dialog';
import { navItemsFor } from '../navigation';
import { modifierLabel } from './shortcuts';
import './palette.css';

/** `?`: every shortcut the role can use, from the same data the listener reads. */
export function ShortcutsHelp({ role, onClose }: { role: Role; onClose: () => void }) {
  const keys = (...parts: string[]) =>
    parts.map((part, index) => (
      <span key={part}>
        {index > 0 ? <span className="shortcut__then"> then </span> : null}
        <kbd>{part}</kbd>
      </span>
    ));
  const rows = [
    { keys: keys(`${modifierLabel()} K`), what: 'Open the command palette' },
    { keys: keys('/'), what: 'Search on this page (or open the palette)' },
    { keys: keys('?'), what: 'Show these shortcuts' },
    ...navItemsFor(role).flatMap((item) =>
      item.shortcut ? [{ keys: keys('g', item.shortcut), what: `Go to ${item.label}` }] : [],
    ),
    { keys: keys('Esc'), what: 'Close a dialog or menu' },
  ];
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Keyboard shortcuts"
      size="wide"
    >
      <table className="table shortcuts">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">What they do</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.what}>
              <td>{row.keys}</td>
              <td>{row.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Tab and Shift-Tab move between controls everywhere; the first Tab on a page offers a link
        straight to its content.
      </p>
      <p className="dialog__actions">
        <Button slot="close" variant="secondary">
          Close
        </Button>
      </p>
    </ModalDialog>
  );
}
