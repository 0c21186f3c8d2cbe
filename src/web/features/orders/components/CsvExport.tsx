import { useRef, useState } from 'react';
import { describeError } from '../../../shared/api/client';
import { formatCount } from '../../../shared/lib/format';
import { scanOrders } from '../api/scan';
import { csvLine } from '../../../../contract/csv';
import { CSV_HEADER, csvRow } from '../lib/csv';
import { overdueLevel, type OrdersSearch } from '../lib/ordersSearch';

/** Hands a CSV text to the browser as a download. */
export function downloadCsv(text: string, fileName: string) {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the whole view (every page) as CSV, with its progress announced. */
export function CsvExport({ search }: { search: OrdersSearch }) {
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'running'; done: number; total: number }
    | { kind: 'done'; rows: number }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  async function run() {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const lines = [csvLine(CSV_HEADER)];
    const today = new Date().toISOString().slice(0, 10);
    let done = 0;
    setState({ kind: 'running', done: 0, total: 0 });
    try {
      await scanOrders(
        search,
        (orders, progress) => {
          done += orders.length;
          for (const order of orders) {
            if (search.worklist === 'overdue' && overdueLevel(order, today) === null) continue;
            lines.push(csvRow(order));
          }
          setState({ kind: 'running', done, total: progress.total });
          return false;
        },
        abort.signal,
      );
    } catch (error) {
      if (!abort.signal.aborted) setState({ kind: 'error', message: describeError(error) });
      return;
    }
    downloadCsv(lines.join(''), `orders-${today}.csv`);
    setState({ kind: 'done', rows: lines.length - 1 });
  }

  return (
    <div className="export">
      {state.kind === 'running' ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => controller.current?.abort()}
        >
          Stop export
        </button>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => void run()}>
          Export view (CSV)
        </button>
      )}
      <span role="status">
        {state.kind === 'running'
          ? `Exporting: ${formatCount(state.done)} of ${formatCount(state.total)} orders read …`
          : state.kind === 'done'
            ? `Exported ${formatCount(state.rows)} orders.`
            : ''}
      </span>
      {state.kind === 'running' ? (
        <progress max={Math.max(state.total, 1)} value={state.done} aria-label="Export progress" />
      ) : null}
      {state.kind === 'error' ? <span role="alert">{state.message}</span> : null}
    </div>
  );
}
