import { parsingJobStaleness } from './features/lab-reports/api/parsingJobs';
import { resultsInboxStaleness } from './features/results/api/inbox';
import { unmatchedResultStaleness } from './features/unmatched-results/api/unmatchedResults';
import { orderStaleness } from './shared/api/orders';
import type { LiveStaleness } from './shared/api/queryKeys';

/*
 * Every resource whose cached data live events can make stale, each with its own
 * declaration (docs/web.md, "Live events"). The shell's live updates (app/live/) read this
 * list, handed to them by routes/_app.tsx: app/ imports no feature. A new feature whose
 * data a live event changes adds its declaration here.
 */
export const LIVE_STALENESS: readonly LiveStaleness[] = [
  orderStaleness,
  resultsInboxStaleness,
  unmatchedResultStaleness,
  parsingJobStaleness,
];
