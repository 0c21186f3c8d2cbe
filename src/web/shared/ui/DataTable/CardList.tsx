import { flexRender, type RowData } from '@tanstack/react-table';
import type { DataRow } from './types';

/**
 * The phone layout: each row a card, titled by its row-header cell, with the other
 * visible columns as a list of name and value.
 */
export function CardList<T extends RowData>({
  rows,
  caption,
}: {
  rows: DataRow<T>[];
  caption: string;
}) {
  return (
    <>
      <p className="data-cards__caption">{caption}</p>
      <ul className="data-cards" aria-label={caption}>
        {rows.map((row) => {
          const cells = row.getVisibleCells();
          const title = cells.find((c) => c.column.columnDef.meta?.rowHeader);
          const select = cells.find((c) => c.column.id === '__select');
          const rest = cells.filter((c) => c !== title && c !== select);
          return (
            <li
              key={row.id}
              className="data-cards__card"
              data-selected={row.getIsSelected() || undefined}
            >
              <p className="data-cards__title">
                {select ? flexRender(select.column.columnDef.cell, select.getContext()) : null}
                {title ? flexRender(title.column.columnDef.cell, title.getContext()) : null}
              </p>
              <dl className="data-cards__facts">
                {rest.map((cell) => (
                  <div key={cell.id}>
                    <dt>{cell.column.columnDef.meta?.label}</dt>
                    <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
