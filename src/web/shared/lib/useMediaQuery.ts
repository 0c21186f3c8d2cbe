import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (a phone turned, a window resized). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: below this width tables become lists of cards and filters move into a sheet. */
export const NARROW_SCREEN = '(max-width: 40rem)';
