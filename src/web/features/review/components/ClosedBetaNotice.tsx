import { isApiError, describeError } from '../../../shared/api/client';

/**
 * The Lab API answers 400 with a text detail when the team is not enabled for this
 * closed-beta feature: say so plainly instead of showing a broken page.
 */
export function isClosedBetaError(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && error.problem === null;
}

export function ClosedBetaNotice({ error }: { error: unknown }) {
  return (
    <div className="state">
      <h1>Unmatched results</h1>
      <div role="alert" className="form-alert">
        <p>Unmatched-result review is not available for this team.</p>
        <p className="muted">The Lab API said: {describeError(error)}</p>
      </div>
    </div>
  );
}
