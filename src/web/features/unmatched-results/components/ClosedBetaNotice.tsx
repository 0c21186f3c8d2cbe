import { describeError } from '../../../shared/api/client';

/** The closed-beta refusal, said plainly instead of a broken page. */
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
