import { describeStatus } from '../lib/labels';
import './badge.css';

export type BadgeTone = 'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'danger';

/** The tone of each stage of an order: colour repeats what the words say, never replaces them. */
const STAGE_TONES: Record<string, BadgeTone> = {
  received: 'info',
  collecting_sample: 'progress',
  sample_with_lab: 'progress',
  completed: 'success',
  cancelled: 'neutral',
  failed: 'danger',
};

/** A pill with a coloured dot and text: for any state that is not an order status. */
export function Badge({ tone, children }: { tone: BadgeTone; children: string }) {
  return (
    <span className={`status-badge status-badge--${tone}`}>
      <span className="status-badge__dot" aria-hidden="true" />
      {children}
    </span>
  );
}

/**
 * An order's status as a badge, in the words of `labels.ts` ("Out for delivery"), coloured
 * by its stage; a status the contract does not know reads as text in a neutral badge.
 */
export function StatusBadge({
  status,
  showStage = false,
}: {
  status: string;
  showStage?: boolean;
}) {
  const label = describeStatus(status);
  const tone = (label.tone && STAGE_TONES[label.tone]) ?? 'neutral';
  const stage = showStage && label.stage && label.stage !== label.text ? label.stage : null;
  return (
    <span className="status-badge-group">
      <Badge tone={tone}>{label.text}</Badge>
      {stage ? <span className="status-badge__stage">{stage}</span> : null}
    </span>
  );
}
