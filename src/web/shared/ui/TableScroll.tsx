import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller. On a phone it scrolls, so it must be reachable by
 * keyboard even when no row holds a link (axe: scrollable-region-focusable): it is a named
 * region in the tab order, and arrow keys scroll it.
 */
export function TableScroll({
  label,
  tall = false,
  children,
}: {
  label: string;
  tall?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={tall ? 'table-scroll table-scroll--tall' : 'table-scroll'}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
