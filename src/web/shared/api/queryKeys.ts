import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '../../../contract/webhooks';

/*
 * How cached data learns that a live event made it stale. Every resource (shared/api/) and
 * every feature whose data live events can change declares one `LiveStaleness`; the route
 * file `routes/_app.tsx` hands the list to the shell's live updates (app/live/), which
 * invalidate what the declarations name. Keys are prefixes, matched as TanStack Query
 * matches invalidation filters, so an order's detail key also covers its results.
 */
export interface LiveStaleness {
  /** The query keys (prefixes) of this resource that `event` makes stale; none if it is unrelated. */
  staleKeys(event: LiveEvent): readonly QueryKey[];
  /** Everything of this resource live events can touch: refetched when events may have been missed. */
  resyncKeys: readonly QueryKey[];
}
