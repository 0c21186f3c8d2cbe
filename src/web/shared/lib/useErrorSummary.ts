import { useCallback, useState } from 'react';
import { summarise, type SummaryItem } from './errorSummary';

interface SummaryState {
  items: SummaryItem[];
  message: string | null;
  attempt: number;
}

/** The state of a form's error summary: `show` after a failed submit, `clear` on a new one. */
export function useErrorSummary() {
  const [summary, setSummary] = useState<SummaryState>({ items: [], message: null, attempt: 0 });
  const show = useCallback((errors: unknown, message: string | null = null) => {
    const items = summarise(errors);
    setSummary((previous) => ({ items, message, attempt: previous.attempt + 1 }));
  }, []);
  const clear = useCallback(() => {
    setSummary((previous) => ({ ...previous, items: [], message: null }));
  }, []);
  return { summary, show, clear };
}
