import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll';

/** One column of a DataTable: its heading and what each row shows in it. */
export interface Column<T> {
  /** The heading's content; none for a column of buttons (give it `label`). */
  header?: ReactNode;
  /** The name screen readers give a heading without text (aria-label). */
  label?: string;
  cell: (row: T) => ReactNode;
  /** A class on the heading and the cells (a column of numbers). */
  className?: string;
  /** A class on the cells alone. */
  cellClassName?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Each row's test id and data attributes. */
  rowProps?: (row: T) => Record<`data-${string}`, string | undefined>;
  /** Classes beside `data-table`. */
  className?: string;
  testId?: string;
  /** The rows under the body (sums). */
  footer?: ReactNode;
  /** A wide table scrolls sideways in a box named `label`. */
  scroll?: { label: string; className?: string };
  /** No rows: this line instead of the table. */
  empty?: { text: ReactNode; testId?: string; className?: string };
}

/** A list as a table: headings from the columns, a row per item; a muted line when there are none. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  className,
  testId,
  footer,
  scroll,
  empty,
}: DataTableProps<T>) {
  if (empty && rows.length === 0)
    return (
      <p className={empty.className ?? 'muted'} data-testid={empty.testId}>
        {empty.text}
      </p>
    );
  const table = (
    <table className={className ? `data-table ${className}` : 'data-table'} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((column, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life
            <th key={i} className={column.className} aria-label={column.label}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((column, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <td key={i} className={column.cellClassName ?? column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
  if (!scroll) return table;
  return (
    <TableScroll className={scroll.className} label={scroll.label}>
      {table}
    </TableScroll>
  );
}
