import { useEffect, useId, useRef, type MouseEvent } from 'react';
import type { SummaryItem } from '../lib/errorSummary';

interface ErrorSummaryProps {
  items: readonly SummaryItem[];
  /** A message about the whole form (the Lab API's answer, a network failure). */
  message?: string | null;
  /** Bumped on every failed submit: the summary takes focus each time, so it is read out. */
  attempt: number;
}

/**
 * The form's problems at its top, each linking to its field. A failed submit moves focus
 * here (the GOV.UK error summary pattern), so the outcome of Enter or the submit button is
 * never an error out of sight.
 */
export function ErrorSummary({ items, message, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (attempt > 0) ref.current?.focus();
  }, [attempt]);

  if (items.length === 0 && !message) return null;

  const goTo = (event: MouseEvent<HTMLAnchorElement>, targetId: string) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'center' });
    target.focus();
  };

  return (
    <section ref={ref} tabIndex={-1} className="error-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>There is a problem</h2>
      {message ? <p>{message}</p> : null}
      {items.length > 0 ? (
        <ul>
          {items.map((item, index) => {
            const text = item.label ? `${item.label}: ${item.message}` : item.message;
            return (
              <li key={`${item.targetId ?? ''}-${String(index)}`}>
                {item.targetId ? (
                  <a
                    href={`#${item.targetId}`}
                    onClick={(event) => goTo(event, item.targetId ?? '')}
                  >
                    {text}
                  </a>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
