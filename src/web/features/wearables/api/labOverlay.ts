import { useMemo, useState } from 'react';
import type { Role } from '../../../../contract/console';
import { can } from '../../../../contract/permissions';
import { usePatientHistory } from '../../../shared/api/resultHistory';
import { hasLabMatch, labOverlay, type LabOverlay } from '../lib/labOverlay';

export interface LabOverlayState {
  /** Whether this resource has a lab counterpart the role may read: the toggle is offered. */
  possible: boolean;
  shown: boolean;
  setShown: (shown: boolean) => void;
  overlay: LabOverlay | null;
  pending: boolean;
  error: unknown;
}

/**
 * The lab values over a wearable series, on request: the patient's results history (the
 * patient page's query, read only once the toggle is on), matched and converted.
 */
export function useLabOverlay(
  userId: string,
  role: Role,
  resource: string,
  unit: string,
  range: { start_date: string; end_date: string } | null,
): LabOverlayState {
  const possible = can(role, 'results.read') && hasLabMatch(resource);
  const [shown, setShown] = useState(false);
  const history = usePatientHistory(possible && shown ? userId : '');
  const start = range?.start_date;
  const end = range?.end_date;
  const ready = possible && shown && !history.isPending;
  // The same object across renders, so the chart is not drawn again for nothing.
  const overlay = useMemo(
    () =>
      ready && start && end
        ? labOverlay(resource, unit, history.series, Date.parse(start), Date.parse(end))
        : null,
    [ready, resource, unit, history.series, start, end],
  );
  return { possible, shown, setShown, overlay, pending: history.isPending, error: history.error };
}
