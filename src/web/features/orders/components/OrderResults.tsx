import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { describeError } from '../../../shared/api/client';
import { humanize } from '../../../shared/lib/format';
import { orderResultsQueryOptions } from '../../../shared/api/orders';
import { TableScroll } from '../../../shared/ui/TableScroll';

const flagOf = (r: { is_above_max_range?: boolean | null; is_below_min_range?: boolean | null }) =>
  r.is_above_max_range ? 'High' : r.is_below_min_range ? 'Low' : '';

/** The order's results: each biomarker, then the markers the lab could not report. */
export function OrderResults({ orderId }: { orderId: string }) {
  const heading = useId();
  const { data, error, isPending } = useQuery(orderResultsQueryOptions(orderId));
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>Results</h2>
      {isPending ? <p role="status">Loading results …</p> : null}
      {error ? <p role="alert">{describeError(error)}</p> : null}
      {data ? (
        <>
          <p>
            Report: {humanize(data.metadata.status ?? 'unknown')} · Interpretation:{' '}
            <strong>{humanize(data.metadata.interpretation ?? 'unknown')}</strong>
          </p>
          {Array.isArray(data.results) && data.results.length > 0 ? (
            <TableScroll label="Biomarkers">
              <table className="table">
                <caption>Biomarkers</caption>
                <thead>
                  <tr>
                    <th scope="col">Biomarker</th>
                    <th scope="col">Result</th>
                    <th scope="col">Unit</th>
                    <th scope="col">Reference range</th>
                    <th scope="col">Flag</th>
                    <th scope="col">Interpretation</th>
                    <th scope="col">LOINC</th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((r) => (
                    <tr key={r.slug ?? r.name}>
                      <th scope="row">{r.name}</th>
                      <td>{r.result}</td>
                      <td>{r.unit ?? ''}</td>
                      <td>{r.reference_range ?? ''}</td>
                      <td>{flagOf(r)}</td>
                      <td>
                        <span
                          className={
                            r.interpretation === 'critical'
                              ? 'badge badge--very-late'
                              : r.interpretation === 'abnormal'
                                ? 'badge badge--late'
                                : undefined
                          }
                        >
                          {humanize(r.interpretation ?? 'unknown')}
                        </span>
                      </td>
                      <td className="mono">{r.loinc ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : (
            <p className="empty">No biomarker results.</p>
          )}
          {data.missing_results?.length ? (
            <table className="table">
              <caption>Missing results</caption>
              <thead>
                <tr>
                  <th scope="col">Marker</th>
                  <th scope="col">Failure type</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {data.missing_results.map((m) => (
                  <tr key={m.slug ?? m.name}>
                    <th scope="row">{m.name}</th>
                    <td>{humanize(m.inferred_failure_type ?? 'unknown_failure')}</td>
                    <td>{m.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
