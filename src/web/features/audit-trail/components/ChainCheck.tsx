import { describeError } from '../../../shared/api/client';
import { formatCount } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/Button';
import { useVerifyAuditChain } from '../api/audit';

/**
 * The tamper-evidence check: every row's hash recomputed along the chain. Run on demand —
 * it reads the whole trail — and its verdict shown: intact, or the first broken row.
 */
export function ChainCheck() {
  const verify = useVerifyAuditChain();
  const verdict = verify.data;
  return (
    <section className="card audit-check" aria-labelledby="audit-check-title">
      <h2 id="audit-check-title">Tamper evidence</h2>
      <p>
        <Button variant="secondary" onPress={() => verify.mutate()} isDisabled={verify.isPending}>
          {verify.isPending ? 'Checking …' : 'Check the trail'}
        </Button>
      </p>
      <div role="status">
        {verify.isError ? <p className="form-alert">{describeError(verify.error)}</p> : null}
        {verdict?.ok === true ? (
          <p>
            Intact: {formatCount(verdict.rows)} rows, each linked to the one before. Head{' '}
            <code>{verdict.head.slice(0, 16)}</code>.
          </p>
        ) : null}
        {verdict?.ok === false ? (
          <p className="form-alert">
            Broken at row {verdict.broken_id}: {verdict.reason}. The {formatCount(verdict.rows)}{' '}
            rows before it are intact; this row or the one before it was changed, removed or forged.
          </p>
        ) : null}
      </div>
    </section>
  );
}
