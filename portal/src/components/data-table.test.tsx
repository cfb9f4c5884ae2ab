import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DataTable } from './data-table';

interface Row {
  id: string;
  name: string;
  amount: number;
}
const rows: Row[] = [
  { id: 'a', name: 'Fjord Fisk', amount: 12 },
  { id: 'b', name: 'Kafé Bønna', amount: 7 },
];

describe('DataTable', () => {
  it('a heading per column, a row per item with its test id and data, classes on headings and cells', () => {
    renderWithProviders(
      <DataTable
        testId="list"
        className="extra"
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'list-row', 'data-id': row.id })}
        columns={[
          { header: 'Name', cell: (row) => row.name },
          { header: 'Amount', className: 'num', cell: (row) => row.amount },
          { label: 'Actions', cellClassName: 'actions', cell: (row) => <button type="button">{row.id}</button> },
        ]}
        footer={
          <tr>
            <th>Sum</th>
            <td className="num">19</td>
          </tr>
        }
      />,
    );
    const table = screen.getByTestId('list');
    expect(table.className).toBe('data-table extra');
    const headings = [...table.querySelectorAll('thead th')];
    expect(headings.map((th) => [th.textContent, th.className, th.getAttribute('aria-label')])).toEqual([
      ['Name', '', null],
      ['Amount', 'num', null],
      ['', '', 'Actions'],
    ]);
    const lines = screen.getAllByTestId('list-row');
    expect(lines.map((tr) => tr.getAttribute('data-id'))).toEqual(['a', 'b']);
    expect([...lines[1]!.children].map((td) => [td.textContent, td.className])).toEqual([
      ['Kafé Bønna', ''],
      ['7', 'num'],
      ['b', 'actions'],
    ]);
    expect(table.querySelector('tfoot')!.textContent).toBe('Sum19');
    // Not in a scroll box unless asked.
    expect(table.parentElement!.classList.contains('table-scroll')).toBe(false);
  });

  it('no rows: the empty line instead of the table; in a scroll box when asked', () => {
    const { unmount } = renderWithProviders(
      <DataTable
        rows={[] as Row[]}
        rowKey={(row) => row.id}
        columns={[{ header: 'Name', cell: (row) => row.name }]}
        empty={{ text: 'None yet', testId: 'none', className: 'muted admin-empty' }}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('none').outerHTML).toBe('<p class="muted admin-empty" data-testid="none">None yet</p>');
    unmount();
    renderWithProviders(
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={[{ header: 'Name', cell: (row) => row.name }]}
        scroll={{ label: 'Companies', className: 'wrap' }}
      />,
    );
    expect(screen.getByRole('table').parentElement!.className).toBe('table-scroll wrap');
  });
});
