import { createFileRoute } from '@tanstack/react-router';
import { AuditTrailPage } from '../../../features/audit-trail/components/AuditTrailPage';
import { auditSearchSchema } from '../../../features/audit-trail/lib/auditSearch';

export const Route = createFileRoute('/_app/admin/audit')({
  staticData: { permission: 'administration', title: 'Audit trail' },
  validateSearch: auditSearchSchema,
  component: AuditTrailRoute,
});

function AuditTrailRoute() {
  return <AuditTrailPage search={Route.useSearch()} />;
}
