import type { InboxItem, ResultStatus } from '../../../../contract/resultsInbox';
import type { BadgeTone } from '../../../shared/ui/StatusBadge';

export const RESULT_STATUS_WORDS: Record<ResultStatus, string> = {
  partial_results: 'Partial',
  completed: 'Final',
  corrected: 'Corrected',
};

export const INTERPRETATION_TONES: Record<string, BadgeTone> = {
  critical: 'danger',
  abnormal: 'warning',
  normal: 'success',
  unknown: 'neutral',
};

export const interpretationWords = (interpretation: InboxItem['interpretation']) =>
  interpretation
    ? `${interpretation.slice(0, 1).toUpperCase()}${interpretation.slice(1)}`
    : 'Not given';

/** "12 min", "3 h", "4 days": how long a result has waited. */
export function waitedFor(since: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}
