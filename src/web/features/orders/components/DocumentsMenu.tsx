import { useId, useState, type Key } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { can } from '../../../../contract/permissions';
import type { Role } from '../../../../contract/console';
import { LABELS_DEFAULT, LABELS_MAX } from '../../../../contract/orderDocuments';
import type { Order } from '../../../../contract/order';
import { parseOrderStatus } from '../../../../contract/status';
import { describeError, labPath } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { ModalDialog } from '../../../shared/ui/Dialog';
import { downloadFile } from '../../../shared/api/download';
import { labelsPath, orderDocumentPath } from '../api/documents';
import { hasResults } from './OrderActions';

const cancelled = (order: Order) => /^cancelled\./.test(order.last_event.status);
const hasRequisition = (order: Order) =>
  parseOrderStatus(order.last_event.status).lowLevel !== 'ordered' && !cancelled(order);

interface Entry {
  id: string;
  label: string;
  /** A file to download, or an action of the page. */
  path?: string;
  filename?: string;
}

/** What this role may have of this order, in the order a coordinator reaches for them. */
function entriesFor(order: Order, role: Role): Entry[] {
  const papers = can(role, 'orders.documents');
  const results = can(role, 'results.read');
  const file = (id: string, label: string, path: string, name: string): Entry => ({
    id,
    label,
    path,
    filename: `${name}-${order.id}.pdf`,
  });
  const entries: Entry[] = [{ id: 'print', label: 'Print the order (paper chart)' }];
  if (papers && order.sample_id && !cancelled(order)) {
    entries.push({ id: 'labels', label: 'Specimen labels …' });
  }
  if (papers && order.has_abn) {
    entries.push(file('abn', 'ABN form (PDF)', orderDocumentPath(order.id, 'abn'), 'abn'));
  }
  if (papers) {
    entries.push(
      file(
        'instructions',
        'Collection instructions (PDF)',
        orderDocumentPath(order.id, 'collectionInstructions'),
        'instructions',
      ),
    );
  }
  if (can(role, 'catalogue.read') && order.lab_test.has_collection_instructions) {
    entries.push(
      file(
        'test-instructions',
        'Lab test instructions (PDF)',
        labPath(`/v3/lab_test/${encodeURIComponent(order.lab_test.id)}/collection_instruction_pdf`),
        'test-instructions',
      ),
    );
  }
  if (results && hasRequisition(order)) {
    entries.push(
      file(
        'requisition',
        'Requisition (PDF)',
        orderDocumentPath(order.id, 'requisition'),
        'requisition',
      ),
    );
  }
  if (results && hasResults(order)) {
    entries.push(file('result', 'Result (PDF)', orderDocumentPath(order.id, 'result'), 'results'));
  }
  return entries;
}

/** One menu for every paper of an order: PDFs through the BFF, and the page printed. */
export function DocumentsMenu({ order, role }: { order: Order; role: Role }) {
  const entries = entriesFor(order, role);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);

  const choose = (key: Key) => {
    const entry = entries.find((e) => e.id === key);
    if (!entry) return;
    if (entry.id === 'print') {
      window.print();
      return;
    }
    if (entry.id === 'labels') {
      setLabelsOpen(true);
      return;
    }
    if (!entry.path || !entry.filename) return;
    setStatus({ error: false, text: `Downloading ${entry.label} …` });
    downloadFile(entry.path, entry.filename)
      .then(() => setStatus({ error: false, text: `${entry.label} downloaded.` }))
      .catch((e: unknown) => setStatus({ error: true, text: describeError(e) }));
  };

  return (
    <div className="documents">
      <MenuTrigger>
        <Button variant="secondary">Documents ▾</Button>
        <Popover placement="bottom start" className="menu-popover">
          <Menu aria-label="Documents" className="menu" onAction={choose}>
            {entries.map((entry) => (
              <MenuItem key={entry.id} id={entry.id} className="menu__item">
                {entry.label}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      <span role={status?.error ? 'alert' : 'status'} className={status?.error ? 'error' : 'muted'}>
        {status ? ` ${status.text}` : ''}
      </span>
      <LabelsDialog
        order={order}
        isOpen={labelsOpen}
        onOpenChange={setLabelsOpen}
        onDone={(text) => setStatus({ error: false, text })}
      />
    </div>
  );
}

/** Local date and time for a datetime-local input, to the minute. */
const localNow = () => {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
};

/** The labels need how many tubes and when they are drawn (the Lab API requires the date). */
function LabelsDialog({
  order,
  isOpen,
  onOpenChange,
  onDone,
}: {
  order: Order;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (text: string) => void;
}) {
  const id = useId();
  const [count, setCount] = useState(LABELS_DEFAULT);
  const [when, setWhen] = useState(localNow);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = Number.isInteger(count) && count >= 1 && count <= LABELS_MAX && when !== '';

  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Print specimen labels">
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) {
            setError(`Give 1 to ${LABELS_MAX} labels and the collection date and time.`);
            return;
          }
          setBusy(true);
          setError(null);
          downloadFile(labelsPath(order.id, count, new Date(when)), `labels-${order.id}.pdf`)
            .then(() => {
              onDone(`${count} labels downloaded.`);
              onOpenChange(false);
            })
            .catch((e: unknown) => setError(describeError(e)))
            .finally(() => setBusy(false));
        }}
      >
        <p className="field">
          <label htmlFor={`${id}-count`}>Number of labels</label>
          <input
            id={`${id}-count`}
            type="number"
            min={1}
            max={LABELS_MAX}
            value={count}
            onChange={(e) => setCount(Number(e.target.value))}
          />
        </p>
        <p className="field">
          <label htmlFor={`${id}-when`}>Collection date and time</label>
          <input
            id={`${id}-when`}
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            required
          />
        </p>
        {error ? <p role="alert">{error}</p> : null}
        <p className="dialog__actions">
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            Cancel
          </Button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Preparing the labels …' : 'Download labels'}
          </button>
        </p>
      </form>
    </ModalDialog>
  );
}
