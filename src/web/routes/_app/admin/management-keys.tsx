import { createFileRoute } from '@tanstack/react-router';
import { ManagementKeysPage } from '../../../features/management/components/ManagementKeysPage';

export const Route = createFileRoute('/_app/admin/management-keys')({
  staticData: { permission: 'administration', title: 'Management keys' },
  component: ManagementKeysPage,
});
