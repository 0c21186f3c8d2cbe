import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Role } from '../../../../contract/console';
import type { LiveEvent } from '../../../../contract/webhooks';
import type { LiveStaleness } from '../../../shared/api/queryKeys';
import { useLiveEvents } from '../hooks/useLiveEvents';
import { alertsFor, dismissed, withEvent, type CriticalAlert } from '../lib/criticalAlerts';
import { coalesceKeys, refetchKeysFor, resyncQueryKeys } from '../lib/staleQueries';
import { CriticalResultAlerts } from './CriticalResultAlerts';
import { LiveIndicator } from './LiveIndicator';
import '../live.css';

/** A simulated lifecycle sends several events at once: their refetches are made together. */
const BATCH_MS = 50;

/**
 * Live updates for the signed-in shell: follows the BFF's events, refetches the queries
 * they make stale (lists, the open order, the ops queue, a parsing job), shows the
 * connection's state and, for the roles that read results, critical-result alerts.
 * `staleness` says, per resource, which queries an event makes stale.
 */
export function LiveUpdates({
  role,
  staleness,
}: {
  role: Role;
  staleness: readonly LiveStaleness[];
}) {
  const queryClient = useQueryClient();
  const [alerts, setAlerts] = useState<CriticalAlert[]>([]);
  const pending = useRef<QueryKey[]>([]);
  const flushTimer = useRef<number | undefined>(undefined);

  const invalidate = useCallback(
    (keys: readonly QueryKey[]) => {
      pending.current.push(...keys);
      if (flushTimer.current !== undefined) return;
      flushTimer.current = window.setTimeout(() => {
        flushTimer.current = undefined;
        const batch = coalesceKeys(pending.current);
        pending.current = [];
        for (const queryKey of batch) void queryClient.invalidateQueries({ queryKey });
      }, BATCH_MS);
    },
    [queryClient],
  );
  useEffect(() => () => window.clearTimeout(flushTimer.current), []);

  const state = useLiveEvents({
    onEvent: (event: LiveEvent) => {
      invalidate(refetchKeysFor(staleness, event));
      if (event.kind === 'critical_result' && alertsFor(role)) {
        setAlerts((current) => withEvent(current, event));
      }
    },
    onResync: () => invalidate(resyncQueryKeys(staleness)),
  });

  return (
    <>
      <LiveIndicator state={state} />
      <CriticalResultAlerts
        alerts={alerts}
        onDismiss={(orderId) => setAlerts((current) => dismissed(current, orderId))}
      />
    </>
  );
}
