import { flagText, type MarkerSeries } from '../../../shared/lib/resultSeries';
import { TableScroll } from '../../../shared/ui/TableScroll';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A marker's values as a table, newest first: exact numbers, and the view for a screen reader. */
export function TrendTable({ series }: { series: MarkerSeries }) {
  return (
    <TableScroll label={`${series.name} values`}>
      <table className="table">
        <caption className="visually-hidden">{series.name} values</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Value</th>
            <th scope="col">Flag</th>
          </tr>
        </thead>
        <tbody>
          {[...series.points].reverse().map((point) => (
            <tr key={`${point.orderId}-${point.t}`}>
              <th scope="row">{dayFormat.format(point.t)}</th>
              <td>
                {point.text} {series.unit}
              </td>
              <td>
                <span className={`flag flag--${point.flag}`}>
                  {flagText(point.flag, point.direction)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
