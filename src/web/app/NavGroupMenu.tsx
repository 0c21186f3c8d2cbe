import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { NavGroup } from './navigation';

/**
 * A group of the main navigation ("More", "Administration"). On a wide screen its links fold
 * behind a button and open below it; in the phone's menu they are listed under the group's
 * name. A disclosure of real links, not an ARIA menu: the links keep what links do (open in a
 * new tab, `aria-current` on the page you are on), and Tab walks them as it walks the row.
 */
export function NavGroupMenu({
  group,
  id,
  paths,
  children,
}: {
  group: NavGroup;
  id: string;
  /** The group's destinations: the button shows when the page you are on is one of them. */
  paths: readonly string[];
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });
  const holdsCurrent = paths.includes(pathname);

  // A click anywhere else closes it, as any dropdown does.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  return (
    <li
      ref={item}
      className="main-nav__group"
      data-expanded={open || undefined}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        // Only this dropdown closes; the phone's menu around it stays open.
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        if (!item.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="main-nav__group-button"
        data-current={holdsCurrent || undefined}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        {group}
        <span aria-hidden="true" className="main-nav__caret">
          ▾
        </span>
      </button>
      <span className="main-nav__group-label" id={labelId}>
        {group}
      </span>
      <ul id={listId} aria-labelledby={labelId}>
        {children(() => setOpen(false))}
      </ul>
    </li>
  );
}
