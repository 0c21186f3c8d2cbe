import { queryOptions } from '@tanstack/react-query';
import { WEBHOOK_INBOX_PATH, webhookInboxSchema } from '../../../../contract/webhooks';
import { apiGet } from '../../../shared/api/client';

/** The BFF's webhook inbox as admins see it: states, recent deliveries, reconciliation. */
export const webhookInboxQueryOptions = queryOptions({
  queryKey: ['webhooks', 'inbox'],
  queryFn: ({ signal }) => apiGet(WEBHOOK_INBOX_PATH, webhookInboxSchema, signal),
});
