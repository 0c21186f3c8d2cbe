import { createFileRoute } from '@tanstack/react-router';
import { TeamsPage } from '../../../features/management/components/TeamsPage';

export const Route = createFileRoute('/_app/admin/teams')({
  staticData: { permission: 'administration', title: 'Teams' },
  component: TeamsPage,
});
