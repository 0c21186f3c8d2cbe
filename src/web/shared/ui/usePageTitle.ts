import { useEffect } from 'react';

/** The tab title follows the page: "Orders · Lab console". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Lab console` : 'Lab console';
  }, [title]);
}
