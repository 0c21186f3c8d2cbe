import { parseOrderStatus } from '../../../../contract/status';
import { describeStatus, describeStatusDetail } from '../../../shared/lib/labels';

/*
 * An order's history in words, from its `events`. The Lab API's event ids grow with
 * time, so the timeline reads in ascending id even when events arrive out of order
 * (webhooks may reorder; docs/lab-api-facts.md §12). `last_event` is the current state: it marks the
 * current step, and when it is missing from `events` it is added as the last step.
 * A status the console has never seen reads as text and never breaks the timeline.
 */

export interface TimelineEventInput {
  id: number;
  created_at: string;
  status: string;
  status_detail?: string | null | undefined;
}

export interface TimelineStep {
  id: number;
  at: string;
  status: string;
  text: string;
  stage: string | null;
  detail: string | null;
  known: boolean;
  current: boolean;
  /** The step repeats the one before (a reschedule reads as its own words instead). */
  repeated: boolean;
  /** Its time is earlier than the step before it: the clock and the ids disagree. */
  outOfOrder: boolean;
}

export function buildTimeline(
  events: readonly TimelineEventInput[],
  lastEvent?: TimelineEventInput | null,
): TimelineStep[] {
  const byId = new Map<number, TimelineEventInput>();
  for (const event of events) byId.set(event.id, event);
  if (lastEvent && !byId.has(lastEvent.id)) byId.set(lastEvent.id, lastEvent);
  const sorted = [...byId.values()].sort((a, b) => a.id - b.id);
  const currentId = lastEvent?.id ?? sorted.at(-1)?.id;

  return sorted.map((event, index) => {
    const label = describeStatus(event.status);
    const previous = index > 0 ? sorted[index - 1] : undefined;
    const repeated = previous?.status === event.status;
    // A second "scheduled" in a row is a reschedule (docs/lab-api-facts.md §4): one event, said so.
    const rescheduled =
      repeated && parseOrderStatus(event.status).lowLevel === 'appointment_scheduled';
    return {
      id: event.id,
      at: event.created_at,
      status: event.status,
      text: rescheduled ? 'Appointment rescheduled' : label.text,
      stage: label.stage,
      detail: event.status_detail ? describeStatusDetail(event.status_detail) : null,
      known: parseOrderStatus(event.status).knownLowLevel !== null,
      current: event.id === currentId,
      repeated: repeated && !rescheduled,
      outOfOrder:
        previous !== undefined && Date.parse(event.created_at) < Date.parse(previous.created_at),
    };
  });
}
