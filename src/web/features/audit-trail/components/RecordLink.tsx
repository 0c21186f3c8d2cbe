import { Link } from '@tanstack/react-router';
import { recordPage } from '../lib/recordPage';

/** The record an audit row names, linked to its page where the console has one. */
export function RecordLink({ type, id }: { type: string; id: string | null }) {
  if (!id) return <span className="muted">{type}</span>;
  const label = `${type} ${id}`;
  switch (recordPage(type)) {
    case 'order':
      return (
        <Link to="/orders/$orderId" params={{ orderId: id }} aria-label={label}>
          {id}
        </Link>
      );
    case 'patient':
      return (
        <Link to="/patients/$userId" params={{ userId: id }} aria-label={label}>
          {id}
        </Link>
      );
    case 'parsing_job':
      return (
        <Link to="/lab-reports/$jobId" params={{ jobId: id }} aria-label={label}>
          {id}
        </Link>
      );
    case 'console_account':
      return (
        <Link to="/admin/accounts" aria-label={label}>
          {id}
        </Link>
      );
    default:
      return <span aria-label={label}>{id}</span>;
  }
}
