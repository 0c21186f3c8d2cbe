import { flexRender, useTable, type RowData, type RowSelectionState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useRef, type ReactNode } from 'react';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/useMediaQuery';
import { CardList } from './CardList';
import { ColumnChooser } from './ColumnChooser';
import { useColumnVisibility } from './columnVisibility';
import { SelectionCheckbox } from './SelectionCheckbox';
import { dataTableFeatures, type DataColumn, type DataRow, type SortState } from './types';
import { useFillHeight } from './useFillHeight';
import { useRowNavigation } from './useRowNavigation';
import '../popover.css';
import './DataTable.css';

/** Dense rows: 20 and more fit a laptop screen. Matches the row height in DataTable.css. */
const ROW_HEIGHT = 29;

export interface DataTableProps<T extends RowData> {
  data: T[];
  /** Display columns; each names itself in `meta.label`. */
  columns: DataColumn<T>[];
  caption: string;
  getRowId: (row: T) => string;
  /** What Enter on a focused row does (open it). */
  openRow: (row: T) => void;
  /** Names a row in the label of its selection checkbox. */
  rowLabel: (row: T) => string;
  /** Sorting done by the server: which column, and a change of it. */
  sort?: SortState | undefined;
  onSortChange?: ((sort: SortState) => void) | undefined;
  /** Row selection for bulk actions, by row id. Omitted: no checkboxes. */
  selection?: RowSelectionState | undefined;
  onSelectionChange?: ((selection: RowSelectionState) => void) | undefined;
  /** Where the column choice is remembered (per table and account); omitted: not kept. */
  columnsKey?: string | undefined;
  /** Bulk actions and the like, shown above the rows. */
  toolbar?: ReactNode;
  /** Shown at the end of the bar above the rows (a pager). */
  toolbarEnd?: ReactNode;
}

const SELECT_COLUMN = '__select';

/**
 * A data table on TanStack Table: server-side sorting, column choice, a sticky header,
 * row selection, keyboard row navigation and virtualised rows; on phones a list of cards.
 * Native table semantics (caption, column and row headers) so screen readers read it as
 * the table it is.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { data, caption, sort, onSortChange, selection, onSelectionChange } = props;
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(props.columnsKey);
  const hintId = useId();
  const selectable = selection !== undefined && onSelectionChange !== undefined;

  const selectColumn: DataColumn<T> = {
    id: SELECT_COLUMN,
    meta: { label: 'Select', required: true },
    header: ({ table }) => (
      <SelectionCheckbox
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        label={`Select all ${data.length} rows`}
        onChange={table.getToggleAllRowsSelectedHandler() as () => void}
      />
    ),
    cell: ({ row }) => (
      <SelectionCheckbox
        checked={row.getIsSelected()}
        label={`Select ${props.rowLabel(row.original)}`}
        onChange={() => row.toggleSelected()}
      />
    ),
  };

  const table = useTable({
    features: dataTableFeatures,
    data,
    columns: selectable ? [selectColumn, ...props.columns] : props.columns,
    getRowId: (row) => props.getRowId(row),
    manualSorting: true,
    enableSorting: false,
    enableRowSelection: selectable,
    state: {
      columnVisibility,
      rowSelection: selection ?? {},
      sorting: sort ? [{ id: sort.column, desc: sort.descending }] : [],
    },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility(typeof updater === 'function' ? updater(columnVisibility) : updater),
    onRowSelectionChange: (updater) => {
      const current = selection ?? {};
      onSelectionChange?.(typeof updater === 'function' ? updater(current) : updater);
    },
  });
  const rows = table.getRowModel().rows;

  const scroller = useRef<HTMLDivElement>(null);
  const height = useFillHeight(scroller);
  // The virtualiser hands back fresh functions each render: the compiler rightly skips this.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Before layout (and in tests without one) render the first screen of rows.
    initialRect: { width: 1200, height: 800 },
  });
  const navigation = useRowNavigation({
    count: rows.length,
    onOpen: (index) => {
      const row = rows[index];
      if (row) props.openRow(row.original);
    },
    onToggle: selectable ? (index) => rows[index]?.toggleSelected() : undefined,
    reveal: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  });

  const toolbar = (
    <div className="data-table__bar">
      {/* The caption says this to screen readers; sighted people read it here, in one line
          with the actions, which leaves the screen's height to the rows. */}
      {narrow ? null : (
        <span className="data-table__summary" aria-hidden="true">
          {caption}
        </span>
      )}
      {props.toolbar}
      <span className="data-table__spacer-end" />
      {narrow ? null : <ColumnChooser table={table} />}
      {props.toolbarEnd}
    </div>
  );

  if (narrow) {
    return (
      <div className="data-table">
        {toolbar}
        <CardList rows={rows} caption={caption} />
      </div>
    );
  }

  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const span = table.getVisibleLeafColumns().length;

  const sortButton = (columnId: string, label: string) => {
    const current = sort?.column === columnId ? sort : null;
    return (
      <button
        type="button"
        className="data-table__sort"
        onClick={() =>
          onSortChange?.({ column: columnId, descending: current ? !current.descending : false })
        }
      >
        {label}
        <span aria-hidden="true" className="data-table__sort-mark">
          {current ? (current.descending ? '▼' : '▲') : '↕'}
        </span>
      </button>
    );
  };

  return (
    <div className="data-table">
      {toolbar}
      <div
        className="data-table__scroll"
        ref={scroller}
        style={height ? { maxHeight: height } : undefined}
      >
        <table className="data-table__table" aria-describedby={hintId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const sortable = meta?.sortable === true && onSortChange !== undefined;
                  const sorted = sort?.column === header.column.id ? sort : null;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={header.column.id === SELECT_COLUMN ? 'data-table__select' : ''}
                      aria-sort={
                        sorted ? (sorted.descending ? 'descending' : 'ascending') : undefined
                      }
                    >
                      {sortable
                        ? sortButton(header.column.id, meta.label)
                        : flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody ref={navigation.body} onKeyDown={navigation.onKeyDown}>
            {before > 0 ? (
              <tr aria-hidden="true" className="data-table__spacer">
                <td colSpan={span} style={{ height: before }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = rows[item.index];
              return row ? (
                <BodyRow
                  key={row.id}
                  row={row}
                  rowProps={navigation.rowProps(item.index)}
                  selected={row.getIsSelected()}
                />
              ) : null;
            })}
            {after > 0 ? (
              <tr aria-hidden="true" className="data-table__spacer">
                <td colSpan={span} style={{ height: after }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <p id={hintId} className="visually-hidden">
        Arrow keys move between rows, Enter opens the row
        {selectable ? ', Space selects it' : ''}.
      </p>
    </div>
  );
}

function BodyRow<T extends RowData>(props: {
  row: DataRow<T>;
  rowProps: ReturnType<ReturnType<typeof useRowNavigation>['rowProps']>;
  selected: boolean;
}) {
  return (
    <tr {...props.rowProps} className="data-table__row" data-selected={props.selected || undefined}>
      {props.row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        const content = flexRender(cell.column.columnDef.cell, cell.getContext());
        const className = [
          cell.column.id === SELECT_COLUMN ? 'data-table__select' : '',
          meta?.nowrap ? 'data-table__nowrap' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return meta?.rowHeader ? (
          <th key={cell.id} scope="row" className={className || undefined}>
            {content}
          </th>
        ) : (
          <td key={cell.id} className={className || undefined}>
            {content}
          </td>
        );
      })}
    </tr>
  );
}
