import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookEndpointView } from '../../../../contract/management';
import { describeError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ModalDialog } from '../../../shared/ui/Dialog';
import { Badge } from '../../../shared/ui/StatusBadge';
import { EmptyState, Pending } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  updateWebhookEndpoint,
  webhookEndpointsQuery,
  type TeamEnvironment,
} from '../api/management';
import { ManagementProblem } from './ManagementProblem';
import { ScopeSelectors } from './ScopeSelectors';
import { SigningSecretDialog } from './SigningSecretDialog';
import { useTeamChoice } from './useTeamChoice';
import { WebhookEndpointForm } from './WebhookEndpointForm';
import { WebhookHeadersDialog } from './WebhookHeadersDialog';
import { TableScroll } from '../../../shared/ui/TableScroll';

type Open =
  | { kind: 'create' }
  | { kind: 'edit' | 'headers' | 'secret' | 'delete'; endpoint: WebhookEndpointView }
  | null;

/** For admins: where the Lab API delivers the team's webhooks, through the management API. */
export function WebhookEndpointsPage() {
  const choice = useTeamChoice();
  return (
    <>
      <h1>Webhook endpoints</h1>
      {choice.pending ? (
        <Pending label="Loading the organisation …" />
      ) : choice.error ? (
        <ManagementProblem error={choice.error} />
      ) : choice.teamId ? (
        <>
          <ScopeSelectors choice={choice} show={{ team: true, environment: true }} />
          <Endpoints scope={{ teamId: choice.teamId, environment: choice.environment }} />
        </>
      ) : (
        <EmptyState title="The organisation has no team yet." />
      )}
    </>
  );
}

function Endpoints({ scope }: { scope: TeamEnvironment }) {
  const queryClient = useQueryClient();
  const endpoints = useQuery(webhookEndpointsQuery(scope));
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setOpen(null);
    setFailure(null);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['management', 'webhooks'] });

  const remove = async (endpoint: WebhookEndpointView) => {
    setBusy(true);
    try {
      await deleteWebhookEndpoint(scope, endpoint.id);
      await refresh();
      showToast({ tone: 'success', title: 'Endpoint deleted' });
      close();
    } catch (caught) {
      setFailure(describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="endpoints-title">
      <div className="section-header">
        <h2 id="endpoints-title">Endpoints</h2>
        <Button onPress={() => setOpen({ kind: 'create' })}>Add endpoint</Button>
      </div>
      {endpoints.isPending ? (
        <Pending label="Loading the endpoints …" />
      ) : endpoints.isError ? (
        <ManagementProblem error={endpoints.error} />
      ) : endpoints.data.data.length === 0 ? (
        <EmptyState title="No webhook endpoint yet">
          <p>Add one to have the Lab API deliver its events there.</p>
        </EmptyState>
      ) : (
        <TableScroll label="Webhook endpoints">
          <table className="table">
            <caption className="visually-hidden">Webhook endpoints</caption>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Description</th>
                <th scope="col">Events</th>
                <th scope="col">Rate limit</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.data.data.map((endpoint) => (
                <tr key={endpoint.id}>
                  <td className="break-anywhere">{endpoint.url}</td>
                  <td>{endpoint.description || '—'}</td>
                  <td>{endpoint.filter_types?.join(', ') || 'All'}</td>
                  <td>{endpoint.rate_limit == null ? 'None' : `${endpoint.rate_limit}/s`}</td>
                  <td>
                    {endpoint.disabled ? (
                      <Badge tone="neutral">Disabled</Badge>
                    ) : (
                      <Badge tone="success">Enabled</Badge>
                    )}
                  </td>
                  <td>
                    <div
                      className="row-actions"
                      aria-label={`Actions for ${endpoint.url}`}
                      role="group"
                    >
                      <Button
                        size="small"
                        variant="secondary"
                        onPress={() => setOpen({ kind: 'edit', endpoint })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        variant="secondary"
                        onPress={() => setOpen({ kind: 'headers', endpoint })}
                      >
                        Headers
                      </Button>
                      <Button
                        size="small"
                        variant="secondary"
                        onPress={() => setOpen({ kind: 'secret', endpoint })}
                      >
                        Signing secret
                      </Button>
                      <Button
                        size="small"
                        variant="danger"
                        onPress={() => setOpen({ kind: 'delete', endpoint })}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      {open?.kind === 'create' || open?.kind === 'edit' ? (
        <ModalDialog
          isOpen
          onOpenChange={(next) => {
            if (!next) close();
          }}
          isDismissable={false}
          title={open.kind === 'create' ? 'Add a webhook endpoint' : 'Edit the webhook endpoint'}
        >
          <WebhookEndpointForm
            {...(open.kind === 'edit' ? { endpoint: open.endpoint } : {})}
            onCancel={close}
            onSubmit={async (body) => {
              if (open.kind === 'edit') {
                // A secret is set by rotation, never by an edit.
                const { url, description, rate_limit, disabled, filter_types } = body;
                await updateWebhookEndpoint(scope, open.endpoint.id, {
                  url,
                  description: description ?? '',
                  rate_limit,
                  disabled: disabled ?? false,
                  filter_types,
                });
              } else {
                await createWebhookEndpoint(scope, body);
              }
              await refresh();
              showToast({
                tone: 'success',
                title: open.kind === 'edit' ? 'Endpoint saved' : 'Endpoint added',
              });
              close();
            }}
          />
        </ModalDialog>
      ) : null}
      {open?.kind === 'headers' ? (
        <WebhookHeadersDialog scope={scope} endpoint={open.endpoint} onClose={close} />
      ) : null}
      {open?.kind === 'secret' ? (
        <SigningSecretDialog scope={scope} endpoint={open.endpoint} onClose={close} />
      ) : null}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title="Delete the endpoint?"
        confirmLabel="Delete endpoint"
        busy={busy}
        error={failure}
        onClose={close}
        onConfirm={() => {
          if (open?.kind === 'delete') void remove(open.endpoint);
        }}
      >
        <p>
          The Lab API stops delivering to{' '}
          <strong>{open?.kind === 'delete' ? open.endpoint.url : ''}</strong>.
        </p>
      </ConfirmDialog>
    </section>
  );
}
