import type { ColumnVisibilityState } from '@tanstack/react-table';
import { useState } from 'react';

/*
 * Which columns a person shows, kept in this browser under a key naming the table and the
 * account. Only column ids are stored: nothing of the rows, so no patient data.
 */

const PREFIX = 'lab-console:columns:';

export function readColumnVisibility(key: string): ColumnVisibilityState {
  try {
    const raw = window.localStorage.getItem(PREFIX + key);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'),
    );
  } catch {
    // Storage may be disabled or full: the table still works with every column shown.
    return {};
  }
}

export function useColumnVisibility(key: string | undefined) {
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() =>
    key ? readColumnVisibility(key) : {},
  );
  const update = (next: ColumnVisibilityState) => {
    setVisibility(next);
    if (!key) return;
    try {
      window.localStorage.setItem(PREFIX + key, JSON.stringify(next));
    } catch {
      // Not remembered, still applied.
    }
  };
  return [visibility, update] as const;
}
