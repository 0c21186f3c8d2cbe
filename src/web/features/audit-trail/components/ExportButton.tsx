import { useRef, useState } from 'react';
import { describeError } from '../../../shared/api/client';
import { formatCount } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/Button';
import { exportAuditCsv, type ExportProgress } from '../api/exportCsv';
import type { AuditSearch } from '../lib/auditSearch';

/** Exports every row the filters match as CSV, with its progress and a way to stop. */
export function ExportButton({ search }: { search: AuditSearch }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [state, setState] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    controller.current = new AbortController();
    setState('running');
    setError(null);
    setProgress(null);
    try {
      await exportAuditCsv(search, setProgress, controller.current.signal);
      setState('done');
    } catch (failure) {
      if (controller.current.signal.aborted) {
        setState('idle');
        return;
      }
      setError(describeError(failure));
      setState('failed');
    }
  };

  return (
    <div className="audit-export">
      {state === 'running' ? (
        <Button variant="secondary" onPress={() => controller.current?.abort()}>
          Stop export
        </Button>
      ) : (
        <Button variant="secondary" onPress={() => void start()}>
          Export CSV
        </Button>
      )}
      {state === 'running' && progress ? (
        <progress
          max={Math.max(progress.total, 1)}
          value={progress.rows}
          aria-label="Export progress"
        />
      ) : null}
      <span role="status">
        {state === 'running'
          ? progress
            ? `${formatCount(progress.rows)} of ${formatCount(progress.total)} rows`
            : 'Starting …'
          : state === 'done' && progress
            ? `Exported ${formatCount(progress.rows)} rows.`
            : ''}
      </span>
      {error ? (
        <p role="alert" className="form-alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
