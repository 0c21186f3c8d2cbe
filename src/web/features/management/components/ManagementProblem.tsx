import { NOT_CONFIGURED_PROBLEM, PLAN_REQUIRED_PROBLEM } from '../../../../contract/management';
import { describeError, isApiError } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/ui/states';

/**
 * Why a management screen has nothing to show: the organisation's plan has no management
 * features, the console has no management key, or the call failed.
 */
export function ManagementProblem({ error }: { error: unknown }) {
  const type = isApiError(error) ? error.problem?.type : undefined;
  if (type === PLAN_REQUIRED_PROBLEM) {
    return (
      <EmptyState title="This needs the higher-tier plan">
        <p>
          Webhook endpoints, API keys, management keys and team settings are managed through the Lab
          API’s management API, which comes with its higher-tier plan. Ask your account manager to
          upgrade the organisation; nothing here changes until then.
        </p>
      </EmptyState>
    );
  }
  if (type === NOT_CONFIGURED_PROBLEM) {
    return (
      <EmptyState title="Management is not configured">
        <p>
          The console has no management key. Set <code>LAB_API_MANAGEMENT_KEY</code> and{' '}
          <code>LAB_API_ORG_ID</code> on the server (see the README).
        </p>
      </EmptyState>
    );
  }
  return (
    <p role="alert" className="form-alert">
      {describeError(error)}
    </p>
  );
}
