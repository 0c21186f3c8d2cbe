import { createFileRoute } from '@tanstack/react-router';
import { webhookInboxQueryOptions } from '../../../features/webhook-inbox/api/inbox';
import { WebhookInboxPage } from '../../../features/webhook-inbox/components/WebhookInboxPage';

export const Route = createFileRoute('/_app/admin/webhooks')({
  staticData: { permission: 'administration', title: 'Webhook inbox' },
  loader: async ({ context: { queryClient, forbidden } }) => {
    if (forbidden) return;
    await queryClient.query({ ...webhookInboxQueryOptions, staleTime: 'static' });
  },
  component: WebhookInboxPage,
});
