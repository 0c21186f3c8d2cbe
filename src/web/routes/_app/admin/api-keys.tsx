import { createFileRoute } from '@tanstack/react-router';
import { ApiKeysPage } from '../../../features/management/components/ApiKeysPage';

export const Route = createFileRoute('/_app/admin/api-keys')({
  staticData: { permission: 'administration', title: 'API keys' },
  component: ApiKeysPage,
});
