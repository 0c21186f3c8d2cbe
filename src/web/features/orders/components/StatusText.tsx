import { describeStatus } from '../../../shared/lib/labels';

/** An order status in words; a status the contract does not know reads as text too. */
export function StatusText({ status, showStage = false }: { status: string; showStage?: boolean }) {
  const label = describeStatus(status);
  return (
    <span className={`status status--${label.tone ?? 'other'}`}>
      {label.text}
      {showStage && label.stage && label.stage !== label.text ? (
        <span className="status__stage"> ({label.stage})</span>
      ) : null}
    </span>
  );
}
