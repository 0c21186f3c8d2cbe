import {
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { Button } from './Button';
import { toastQueue } from './toast';
import './toast.css';

/** Where toasts appear (bottom right; F6 reaches them from the keyboard). */
export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className="toast-region" aria-label="Notifications">
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast--${toast.content.tone}`}>
          <ToastContent className="toast__content">
            <Text slot="title" className="toast__title">
              {toast.content.title}
            </Text>
            {toast.content.description ? (
              <Text slot="description" className="toast__description">
                {toast.content.description}
              </Text>
            ) : null}
          </ToastContent>
          <Button slot="close" variant="ghost" size="small" aria-label="Dismiss">
            <span aria-hidden="true">×</span>
          </Button>
        </Toast>
      )}
    </AriaToastRegion>
  );
}
