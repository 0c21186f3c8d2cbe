import type { RowData } from '@tanstack/react-table';
import {
  Button,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  type Selection,
} from 'react-aria-components';
import type { DataTableInstance } from './types';

/** "Columns": a menu of checkable items, one per column that may be hidden. */
export function ColumnChooser<T extends RowData>({ table }: { table: DataTableInstance<T> }) {
  const choosable = table
    .getAllLeafColumns()
    .filter((c) => c.columnDef.meta && !c.columnDef.meta.required && !c.columnDef.meta.rowHeader);
  if (choosable.length === 0) return null;
  const shown = choosable.filter((c) => c.getIsVisible()).map((c) => c.id);

  const onChange = (keys: Selection) => {
    const chosen = keys === 'all' ? choosable.map((c) => c.id) : [...keys].map(String);
    table.setColumnVisibility(
      Object.fromEntries(choosable.map((c) => [c.id, chosen.includes(c.id)])),
    );
  };

  return (
    <MenuTrigger>
      <Button className="button button--secondary data-table__columns">
        Columns{' '}
        <span className="data-table__columns-count">
          ({shown.length}/{choosable.length})
        </span>
      </Button>
      <Popover className="ui-popover" placement="bottom end">
        <Menu
          className="ui-menu"
          aria-label="Columns to show"
          selectionMode="multiple"
          selectedKeys={shown}
          onSelectionChange={onChange}
        >
          {choosable.map((c) => (
            <MenuItem key={c.id} id={c.id} className="ui-menu__item">
              {({ isSelected }) => (
                <>
                  <span className="ui-check" aria-hidden="true">
                    {isSelected ? '✓' : ''}
                  </span>
                  {c.columnDef.meta?.label}
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
