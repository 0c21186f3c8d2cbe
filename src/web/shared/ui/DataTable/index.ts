export { DataTable, type DataTableProps } from './DataTable';
export type { DataColumn, DataColumnMeta, SortState } from './types';
export type { RowSelectionState } from '@tanstack/react-table';
