import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

const PAGE_STEP = 10;

/**
 * Keyboard work on table rows: one row is in the tab order at a time (roving tabindex);
 * arrow keys, Home/End and Page Up/Down move focus between rows, Enter opens the row and
 * Space toggles its selection. Keys pressed inside a link or control in the row keep
 * their own meaning.
 */
export function useRowNavigation(options: {
  count: number;
  onOpen: (index: number) => void;
  onToggle?: ((index: number) => void) | undefined;
  /** Brings a row into the DOM before it is focused (virtualised rows). */
  reveal?: (index: number) => void;
}) {
  const { count, onOpen, onToggle, reveal } = options;
  const [active, setActive] = useState(0);
  const pendingFocus = useRef(false);
  const body = useRef<HTMLTableSectionElement>(null);
  const current = Math.min(active, Math.max(0, count - 1));

  useEffect(() => {
    if (!pendingFocus.current) return;
    const row = body.current?.querySelector<HTMLElement>(`[data-row-index="${current}"]`);
    if (row) {
      pendingFocus.current = false;
      row.focus();
    }
  });

  const move = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    pendingFocus.current = true;
    reveal?.(next);
    setActive(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = Number(row.dataset.rowIndex);
    const onRow = event.target === row;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      PageDown: () => move(index + PAGE_STEP),
      PageUp: () => move(index - PAGE_STEP),
      Home: () => move(0),
      End: () => move(count - 1),
    };
    if (onRow && event.key === 'Enter') {
      event.preventDefault();
      onOpen(index);
      return;
    }
    if (onRow && event.key === ' ' && onToggle) {
      event.preventDefault();
      onToggle(index);
      return;
    }
    // Arrow keys in a checkbox still move between rows; in a text field they would not.
    const handler = keys[event.key];
    if (handler && (onRow || (event.target as HTMLElement).matches('a, input[type="checkbox"]'))) {
      event.preventDefault();
      handler();
    }
  };

  return {
    body,
    onKeyDown,
    /** Props of the row at `index`. */
    rowProps: (index: number) => ({
      'data-row-index': index,
      tabIndex: index === current ? 0 : -1,
      onFocus: (event: { target: EventTarget; currentTarget: EventTarget }) => {
        if (event.target === event.currentTarget) setActive(index);
      },
    }),
  };
}
