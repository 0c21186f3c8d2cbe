import { startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How many of a long page's parts to draw: the first at once, then one more per transition
 * until all `parts` are drawn. A page drawn because a router or query store changed is
 * rendered synchronously, as one task however long; parts drawn in a transition are rendered
 * in slices between which the browser paints and handles input, and each part's commit is a
 * task of its own. Nothing waits on time: each part follows the commit of the one before.
 * `showAll` draws what is left at once, for what needs every part on the page (a submit
 * whose error summary links to every field).
 */
export function useStagedReveal(parts: number): { shown: number; showAll: () => void } {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= parts) return;
    // The next count, not an increment: an effect run twice (StrictMode) skips no part.
    startTransition(() => setShown(shown + 1));
  }, [shown, parts]);
  const showAll = useCallback(() => flushSync(() => setShown(parts)), [parts]);
  return { shown, showAll };
}
