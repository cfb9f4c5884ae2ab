import type { BudgetYear } from '@saldo/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { actualsYear, percentText } from './budget-grid';
import { budgetFromActuals } from './queries';

interface FillFromActualsProps {
  boardId: string;
  year: number;
  /** The years with data in the board's books. */
  dataYears: readonly number[];
  /** The filled rows, for the grid to show unsaved. */
  onFilled: (filled: BudgetYear, from: number, percent: string) => void;
}

/**
 * "Fill from the actuals of [year] + [x] %": a start for the year's budget from the books, shown in
 * the grid unsaved (the server computes it from the ledger, to the øre). Offered where the board has books.
 */
export function FillFromActuals({ boardId, year, dataYears, onFilled }: FillFromActualsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = useId();
  const suggested = actualsYear(year, dataYears);
  const [from, setFrom] = useState<number | null>(null);
  const [percent, setPercent] = useState('0');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (suggested === null) return null;
  const source = from !== null && dataYears.includes(from) ? from : suggested;
  const valid = percentText(percent);

  const fill = async () => {
    if (valid === null) return;
    setBusy(true);
    setFailure(null);
    try {
      onFilled(await budgetFromActuals(boardId, year, source, valid), source, valid);
    } catch (error) {
      setFailure(errorText(errorCodeOf(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="budget-fill" data-testid="budget-fill">
      <label htmlFor={`${ids}-from`}>{t('budgets.fill.from')}</label>
      <select
        id={`${ids}-from`}
        className="select"
        value={source}
        onChange={(event) => setFrom(Number(event.target.value))}
        data-testid="budget-fill-from"
      >
        {dataYears.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      <label htmlFor={`${ids}-percent`}>{t('budgets.fill.plus')}</label>
      <input
        id={`${ids}-percent`}
        className="budget-fill__percent"
        inputMode="decimal"
        value={percent}
        aria-invalid={valid === null}
        aria-describedby={valid === null ? `${ids}-error` : undefined}
        onChange={(event) => setPercent(event.target.value)}
        data-testid="budget-fill-percent"
      />
      <span aria-hidden="true">%</span>
      <Button
        kind="secondary"
        disabled={busy || valid === null}
        onClick={() => void fill()}
        data-testid="budget-fill-button"
      >
        {t('budgets.fill.button')}
      </Button>
      {valid === null && (
        <span id={`${ids}-error`} className="field__error">
          {t('budgets.fill.invalidPercent')}
        </span>
      )}
      {failure && (
        <span className="field__error" role="alert">
          {failure}
        </span>
      )}
    </div>
  );
}
