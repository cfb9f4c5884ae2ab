import type { BudgetYear } from '@saldo/contract';
import { BUDGET_LINES, budgetLineTitle } from '@saldo/contract/budgets/budgets';
import { formatAmount, formatMonth } from '@saldo/contract/numbers/format';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { useWholeColumns } from '../../components/use-whole-columns';
import { cellOre, type GridRow, gridBody, gridRows, MONTHS, monthTotals, newRow, rowTotal } from './budget-grid';
import { saveBudget } from './queries';

interface BudgetTableProps {
  boardId: string;
  year: BudgetYear;
  editable: boolean;
  /** Rows not saved yet (filled from the actuals): the save button is on from the start. */
  unsaved?: boolean;
  lang: 'nor' | 'en';
  onSaved: (saved: BudgetYear) => void;
}

const total = (ore: number | null) => (ore === null ? '–' : formatAmount(ore));

/** The year's grid: a row per account or line, kroner per month, the sums, and saving it whole. */
export function BudgetTable({ boardId, year, editable, unsaved = false, lang, onSaved }: BudgetTableProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const ids = useId();
  const [rows, setRows] = useState<GridRow[]>(() => gridRows(year));
  const [dirty, setDirty] = useState(unsaved);
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const months = Array.from({ length: MONTHS }, (_, m) => `${year.year}-${String(m + 1).padStart(2, '0')}`);
  const sums = monthTotals(rows);
  const body = gridBody(rows, year.year);
  const scroll = useRef<HTMLDivElement>(null);
  // Whole months between the pinned names and the pinned total: no figure cut at the box's edge. Laid
  // out anew when a row comes or goes or a sum's width changes (not at every keystroke).
  const widths = [...rows.map(rowTotal), ...sums.months, sums.year].map((ore) => total(ore).length).join();
  useWholeColumns(scroll, `${editable} ${lang} ${rows.map((row) => row.target).join()} ${widths}`);

  const change = (r: number, m: number, value: string) => {
    setRows((list) =>
      list.map((row, i) => (i === r ? { ...row, cells: row.cells.map((c, j) => (j === m ? value : c)) } : row)),
    );
    setDirty(true);
  };

  const add = () => {
    const row = newRow(adding, rows);
    if (row === 'invalid' || row === 'duplicate') {
      setAddError(t(`budgets.add.${row}`));
      return;
    }
    setRows((list) => [...list, row]);
    setAdding('');
    setAddError(null);
    setDirty(true);
  };

  const save = async () => {
    if (!body.ok) return;
    setSaving(true);
    setSaveError(null);
    try {
      onSaved(await saveBudget(boardId, body.body));
      notify('budgets.saved');
    } catch (error) {
      setSaveError(errorText(errorCodeOf(error)));
      setSaving(false);
    }
  };

  const label = (row: GridRow) =>
    row.kind === 'line'
      ? (row.title?.[lang === 'en' ? 'en' : 'no'] ?? row.target)
      : `${row.target}${row.title ? ` ${row.title[lang === 'en' ? 'en' : 'no']}` : ''}`;

  return (
    <section className="card budget-card" data-testid="budget-grid">
      <p className="budget-sign">{t('budgets.sign')}</p>
      {/* A region scrolled from the keyboard too: a grid with no rows, or one only to read, holds nothing
          else to focus (as the dashboard's cards that scroll). */}
      <div
        ref={scroll}
        className="budget-scroll"
        {...{ tabIndex: 0, role: 'region', 'aria-label': t('budgets.title') }}
      >
        <table className="budget-table">
          <thead>
            <tr>
              <th scope="col" className="budget-table__name">
                {t('budgets.target')}
              </th>
              {months.map((month) => (
                <th scope="col" key={month} className="budget-table__num">
                  {formatMonth(month, lang)}
                </th>
              ))}
              <th scope="col" className="budget-table__num" data-pin="end">
                {t('budgets.total')}
              </th>
              {editable && (
                <th scope="col" data-pin="end">
                  <span className="visually-hidden">{t('budgets.remove')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={MONTHS + 3} className="budget-table__empty" data-testid="budget-empty">
                  {t('budgets.empty')}
                </td>
              </tr>
            )}
            {rows.map((row, r) => (
              <tr key={row.target} data-testid="budget-row" data-target={row.target}>
                <th scope="row" className={`budget-table__name ${row.kind === 'line' ? 'budget-table__line' : ''}`}>
                  {label(row)}
                </th>
                {row.cells.map((cell, m) => (
                  <td key={months[m]} className="budget-table__num">
                    <input
                      className={`budget-cell ${cellOre(cell) === null ? 'budget-cell--invalid' : ''}`}
                      inputMode="decimal"
                      value={cell}
                      readOnly={!editable}
                      aria-invalid={cellOre(cell) === null}
                      aria-label={`${label(row)}, ${formatMonth(months[m]!, lang)}`}
                      onChange={(event) => change(r, m, event.target.value)}
                      data-month={months[m]}
                    />
                  </td>
                ))}
                <td className="budget-table__num budget-table__total" data-testid="budget-row-total">
                  {total(rowTotal(row))}
                </td>
                {editable && (
                  <td>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`${t('budgets.remove')} ${label(row)}`}
                      onClick={() => {
                        setRows((list) => list.filter((_, i) => i !== r));
                        setDirty(true);
                      }}
                    >
                      ×
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="budget-totals">
              <th scope="row" className="budget-table__name">
                {t('budgets.result')}
              </th>
              {sums.months.map((sum, m) => (
                <td key={months[m]} className="budget-table__num">
                  {total(sum)}
                </td>
              ))}
              <td className="budget-table__num budget-table__total">{total(sums.year)}</td>
              {editable && <td />}
            </tr>
          </tfoot>
        </table>
      </div>
      {editable && (
        <div className="budget-actions">
          <div className="budget-add">
            <label htmlFor={`${ids}-add`} className="visually-hidden">
              {t('budgets.add.label')}
            </label>
            <input
              id={`${ids}-add`}
              className="budget-add__input"
              list={`${ids}-lines`}
              placeholder={t('budgets.add.placeholder')}
              value={adding}
              onChange={(event) => {
                setAdding(event.target.value);
                setAddError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') add();
              }}
              data-testid="budget-add-input"
            />
            <datalist id={`${ids}-lines`}>
              {BUDGET_LINES.map((line) => (
                <option key={line} value={budgetLineTitle(line)[lang === 'en' ? 'en' : 'no']} />
              ))}
            </datalist>
            <Button kind="secondary" onClick={add} data-testid="budget-add">
              {t('budgets.add.button')}
            </Button>
            {addError && (
              <span className="field__error" role="alert">
                {addError}
              </span>
            )}
          </div>
          <span className="budget-toolbar__spacer" />
          {!body.ok && <span className="field__error">{t('budgets.invalidCells')}</span>}
          {saveError && (
            <span className="field__error" role="alert">
              {saveError}
            </span>
          )}
          <Button
            kind="primary"
            disabled={!dirty || !body.ok || saving}
            onClick={() => void save()}
            data-testid="budget-save"
          >
            {t('common.save')}
          </Button>
        </div>
      )}
    </section>
  );
}
