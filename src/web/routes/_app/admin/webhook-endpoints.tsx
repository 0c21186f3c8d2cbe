import { createFileRoute } from '@tanstack/react-router';
import { WebhookEndpointsPage } from '../../../features/management/components/WebhookEndpointsPage';

export const Route = createFileRoute('/_app/admin/webhook-endpoints')({
  staticData: { permission: 'administration', title: 'Webhook endpoints' },
  component: WebhookEndpointsPage,
});
