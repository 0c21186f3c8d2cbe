import {
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type Row,
  type RowData,
  type Table,
} from '@tanstack/react-table';

/** What a column says about itself beyond its header and cells. */
export interface DataColumnMeta {
  /** The column's name in the column chooser and on the cards of the phone layout. */
  label: string;
  /** The cell that names the row: a row header in the table, the title of a card. */
  rowHeader?: boolean;
  /** Kept on one line (dates, short codes). */
  nowrap?: boolean;
  /** Always shown: the chooser does not offer to hide it. */
  required?: boolean;
  /** The server sorts by this column (see `DataTableProps.onSortChange`). */
  sortable?: boolean;
}

/*
 * TanStack Table v9 builds only the features a table registers. Sorting is done by the
 * server (manual), so no sorted row model is registered.
 */
export const dataTableFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  columnMeta: {} as DataColumnMeta,
});
export type DataTableFeatures = typeof dataTableFeatures;
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T>;
export type DataRow<T extends RowData> = Row<DataTableFeatures, T>;
export type DataTableInstance<T extends RowData> = Table<DataTableFeatures, T>;

export interface SortState {
  column: string;
  descending: boolean;
}
