import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  webhookHeadersBodySchema,
  type WebhookEndpointView,
} from '../../../../contract/management';
import { describeError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { ModalDialog } from '../../../shared/ui/Dialog';
import { Pending } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import {
  headersFromText,
  saveWebhookHeaders,
  webhookHeaders,
  type TeamEnvironment,
} from '../api/management';

/** Custom headers sent with every delivery to an endpoint, one `Name: value` per line. */
export function WebhookHeadersDialog({
  scope,
  endpoint,
  onClose,
}: {
  scope: TeamEnvironment;
  endpoint: WebhookEndpointView;
  onClose: () => void;
}) {
  const id = useId();
  const current = useQuery({
    queryKey: ['management', 'webhook-headers', scope, endpoint.id],
    queryFn: () => webhookHeaders(scope, endpoint.id),
  });
  const [text, setText] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown =
    text ??
    Object.entries(current.data?.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');

  const save = async () => {
    const parsed = webhookHeadersBodySchema.safeParse({ headers: headersFromText(shown) });
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? 'Check the headers.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await saveWebhookHeaders(scope, endpoint.id, parsed.data.headers);
      await current.refetch();
      showToast({ tone: 'success', title: 'Headers saved' });
      onClose();
    } catch (caught) {
      setFailure(describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Custom headers"
    >
      {current.isPending ? (
        <Pending label="Loading the headers …" lines={2} />
      ) : (
        <div className="form">
          <div className="field">
            <label htmlFor={`${id}-headers`}>Headers (one “Name: value” per line)</label>
            <textarea
              id={`${id}-headers`}
              rows={4}
              value={shown}
              onChange={(e) => setText(e.target.value)}
              aria-describedby={failure ? `${id}-error` : undefined}
            />
          </div>
          {failure ? (
            <p id={`${id}-error`} role="alert" className="form-alert">
              {failure}
            </p>
          ) : null}
          <p className="dialog__actions">
            <Button onPress={() => void save()} isDisabled={busy}>
              {busy ? 'Saving …' : 'Save headers'}
            </Button>
            <Button variant="secondary" onPress={onClose}>
              Cancel
            </Button>
          </p>
        </div>
      )}
    </ModalDialog>
  );
}
