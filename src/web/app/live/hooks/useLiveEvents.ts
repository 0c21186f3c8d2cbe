import { useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '../../../../contract/webhooks';
import { notifySessionEnded } from '../../../shared/api/client';
import { parseLiveMessage, type LiveConnection } from '../lib/connection';
import { joinLiveStream } from '../lib/sharedLiveStream';

export interface LiveEventHandlers {
  onEvent(event: LiveEvent): void;
  /** Events may have been missed: refetch everything live events could have touched. */
  onResync(): void;
}

/**
 * Follows the BFF's live events while mounted, through the one stream this browser shares
 * among its tabs (lib/sharedLiveStream.ts).
 */
export function useLiveEvents(handlers: LiveEventHandlers): LiveConnection {
  const [state, setState] = useState<LiveConnection>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(
    () =>
      joinLiveStream({
        state: setState,
        message: (data) => {
          const event = parseLiveMessage(data);
          if (event) latest.current.onEvent(event);
        },
        resync: () => latest.current.onResync(),
        ended: notifySessionEnded,
      }),
    [],
  );

  return state;
}
