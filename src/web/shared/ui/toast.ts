import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastTone = 'success' | 'info' | 'danger';

export interface ToastContent {
  title: string;
  description?: string;
  tone: ToastTone;
}

/**
 * The console's one queue of toasts: the result of an action, said once and gone. Kept
 * outside React so a mutation's callback (or a form that navigates away) can report its
 * result wherever the person ends up; the shell's ToastRegion shows it.
 */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 3 });

/** Shows the result of an action. Errors stay until closed; the rest go after 8 s. */
export function showToast(content: ToastContent): string {
  return toastQueue.add(content, content.tone === 'danger' ? {} : { timeout: 8000 });
}
