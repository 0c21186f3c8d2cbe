import { Link } from '@tanstack/react-router';
import type { Role } from '../../../contract';
import type { PageAccess } from '../lib/pageAccess';
import { describeHolders, describeRole } from '../lib/permissions';
import { usePageTitle } from './usePageTitle';

/** What a role sees instead of a page it cannot use: who can, and a way back. */
export function NotForYourRole({ page, role }: { page: PageAccess; role: Role }) {
  usePageTitle(page.title);
  return (
    <div className="state">
      <h1>{page.title}</h1>
      <p>
        Only {describeHolders(page.permission)} can use this page. You are signed in as{' '}
        {describeRole(role)}.
      </p>
      <p>
        <Link to="/orders">Back to orders</Link>
      </p>
    </div>
  );
}
