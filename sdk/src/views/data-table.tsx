/** @jsxImportSource preact */
import type { ComponentChild } from 'preact';

/** One column of a DataTable. A number cell is right-aligned and red when negative. */
export interface Column<R> {
  label: string;
  cell: (row: R) => ComponentChild | number;
  /** How number cells are written (e.g. formatAmount for øre). */
  format?: (value: number) => string;
  /** The cell's `part`, in addition to `amount` for number cells. */
  part?: string;
  /** Where a number cell has postings behind it: what clicking it (a button) drills into. */
  drill?: ((row: R) => (() => void) | undefined) | undefined;
}

export interface DataTableProps<R> {
  columns: Column<R>[];
  rows: R[];
  /** Summary rows under the body (totals), not clickable. */
  foot?: R[];
  onRow?: ((row: R) => void) | undefined;
  /** A stable key per row (Preact's `key`). */
  rowKey: (row: R) => string | number;
}

function cellDrill(drill: (() => void) | undefined, shown: ComponentChild) {
  if (!drill) return shown;
  return (
    <button
      type="button"
      class="cell"
      onClick={(event) => {
        // The cell's own figure, not the row's.
        event.stopPropagation();
        drill();
      }}
    >
      {shown}
    </button>
  );
}

/**
 * The one table of the widgets (consolidation, the months behind every chart): header, body
 * and optional summary rows. The first cell of a clickable row is a button, for keyboard users.
 */
export function DataTable<R>({ columns, rows, foot, onRow, rowKey }: DataTableProps<R>) {
  const cells = (row: R, click: boolean) =>
    columns.map((col, i) => {
      const value = col.cell(row);
      if (typeof value === 'number') {
        return (
          <td
            key={col.label}
            class={value < 0 ? 'amount negative' : 'amount'}
            part={col.part ? `amount ${col.part}` : 'amount'}
          >
            {cellDrill(col.drill?.(row), col.format ? col.format(value) : value)}
          </td>
        );
      }
      return i ? (
        <td key={col.label} part={col.part}>
          {value}
        </td>
      ) : (
        <th key={col.label} scope="row" part={col.part}>
          {click ? (
            <button type="button" class="link">
              {value}
            </button>
          ) : (
            value
          )}
        </th>
      );
    });
  return (
    <div class="scroll">
      <table part="table">
        <thead>
          <tr part="header-row">
            {columns.map((col, i) => (
              <th key={col.label} scope="col" class={i ? 'amount' : undefined}>
                {col.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              part="row"
              class={onRow ? 'clickable' : undefined}
              onClick={onRow && (() => onRow(row))}
            >
              {cells(row, !!onRow)}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            {foot.map((row) => (
              <tr key={rowKey(row)} part="row total-row" class="result">
                {cells(row, false)}
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}
