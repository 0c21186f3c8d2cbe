import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookEndpointView } from '../../../../contract/management';
import { describeError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { ModalDialog } from '../../../shared/ui/Dialog';
import { showToast } from '../../../shared/ui/toast';
import { rotateWebhookSecret, webhookSecret, type TeamEnvironment } from '../api/management';

/**
 * An endpoint's signing secret: shown on request (for a receiver set up by hand), and
 * rotated. Rotating the console's own endpoint switches the console's verification at
 * once; the old secret keeps verifying for 24 hours, so no delivery is refused.
 */
export function SigningSecretDialog({
  scope,
  endpoint,
  onClose,
}: {
  scope: TeamEnvironment;
  endpoint: WebhookEndpointView;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (caught) {
      setFailure(describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  const show = () =>
    run(async () => {
      setSecret((await webhookSecret(scope, endpoint.id)).key);
    });

  const rotate = () =>
    run(async () => {
      const { consoleEndpoint } = await rotateWebhookSecret(scope, endpoint.id);
      setConfirming(false);
      setSecret(null);
      await queryClient.invalidateQueries({ queryKey: ['management', 'webhooks'] });
      showToast({
        tone: 'success',
        title: 'Signing secret rotated',
        description: consoleEndpoint
          ? 'The console verifies deliveries with the new secret now; the old one still verifies for 24 hours.'
          : 'Give the new secret to the receiver; the old one still verifies for 24 hours.',
      });
      onClose();
    });

  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Signing secret"
    >
      <p>
        Deliveries to <strong>{endpoint.url}</strong> are signed with this secret.
      </p>
      {secret ? (
        <p>
          <code className="secret-value" aria-label="Signing secret">
            {secret}
          </code>
        </p>
      ) : (
        <Button variant="secondary" onPress={() => void show()} isDisabled={busy}>
          Show secret
        </Button>
      )}
      {confirming ? (
        <div role="group" aria-label="Confirm rotation" className="notice">
          <p>
            A new secret replaces this one. The old secret keeps verifying for 24 hours, so
            deliveries already on their way are not refused.
          </p>
          <p className="dialog__actions">
            <Button variant="danger" onPress={() => void rotate()} isDisabled={busy}>
              {busy ? 'Rotating …' : 'Rotate now'}
            </Button>
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              Keep this secret
            </Button>
          </p>
        </div>
      ) : (
        <p className="dialog__actions">
          <Button onPress={() => setConfirming(true)}>Rotate secret</Button>
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
        </p>
      )}
      {failure ? (
        <p role="alert" className="form-alert">
          {failure}
        </p>
      ) : null}
    </ModalDialog>
  );
}
