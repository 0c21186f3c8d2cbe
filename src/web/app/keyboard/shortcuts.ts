/*
 * The console's keyboard shortcuts, as data: the help dialog lists them and the shell's
 * listener reads them, so the two never disagree.
 */

export type ShortcutCommand =
  { kind: 'palette' } | { kind: 'help' } | { kind: 'search' } | { kind: 'go'; key: string };

/** How long after `g` the second key still counts (ms). */
export const SEQUENCE_WINDOW_MS = 1500;

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Typing in a field is never a shortcut (except Ctrl/Cmd-K, which no field uses). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(
    type,
  );
}

/**
 * What a key press means, given whether `g` was pressed just before; null for a key that
 * is no shortcut. `afterG` is consumed by the caller either way.
 */
export function commandFor(
  event: KeyLike,
  typing: boolean,
  afterG: boolean,
): ShortcutCommand | null {
  const mod = event.ctrlKey || event.metaKey;
  if (mod && !event.altKey && event.key.toLowerCase() === 'k') return { kind: 'palette' };
  if (typing || mod || event.altKey) return null;
  if (afterG) return /^[a-z]$/.test(event.key) ? { kind: 'go', key: event.key } : null;
  if (event.key === '?') return { kind: 'help' };
  if (event.key === '/') return { kind: 'search' };
  return null;
}

/** The platform's name for the modifier of Ctrl/Cmd-K. */
export function modifierLabel(): string {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)
    ? '⌘'
    : 'Ctrl';
}
