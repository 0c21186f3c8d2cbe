import { useEffect, useEffectEvent } from 'react';
import { commandFor, isTypingTarget, SEQUENCE_WINDOW_MS, type ShortcutCommand } from './shortcuts';

/**
 * Listens for the console's shortcuts on the whole document. Keys pressed while a modal
 * dialog is open belong to the dialog (its own Escape, its own list), except Ctrl/Cmd-K.
 */
export function useShortcuts(run: (command: ShortcutCommand) => boolean) {
  const onCommand = useEffectEvent(run);
  useEffect(() => {
    let gPressedAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const typing = isTypingTarget(event.target);
      const inDialog = document.querySelector('[role="dialog"][aria-modal="true"], .modal-overlay');
      const afterG = Date.now() - gPressedAt < SEQUENCE_WINDOW_MS;
      gPressedAt = 0;
      const command = commandFor(event, typing, afterG);
      if (!command) {
        if (
          !typing &&
          !inDialog &&
          event.key === 'g' &&
          !event.ctrlKey &&
          !event.metaKey &&
          !event.altKey
        )
          gPressedAt = Date.now();
        return;
      }
      if (inDialog && command.kind !== 'palette') return;
      if (onCommand(command)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
