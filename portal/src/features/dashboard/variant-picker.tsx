import type { BoardWidget } from '@saldo/contract';
import { BUDGET_WIDGET_LINES, budgetWidgetLineTitle } from '@saldo/contract/budgets/budgets';
import { kpiLibrary } from '@saldo/contract/kpis/kpis';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal';
import { canAddWidget } from './layout';
import './dashboard.css';

interface VariantPickerProps {
  /** 'kpi': the KPI library; 'budget': the lines of the profit and loss. */
  type: 'kpi' | 'budget';
  widgets: BoardWidget[];
  text: 'en' | 'no';
  onPick: (choice: string, name: string) => void;
  onClose: () => void;
}

/**
 * The choice after the catalogue for a type a board holds once per choice: a KPI of the library (each
 * with its formula) or a line of the profit and loss to hold against its budget. Those already on the
 * board are marked and cannot be added again.
 */
export function VariantPicker({ type, widgets, text, onPick, onClose }: VariantPickerProps) {
  const { t } = useTranslation();
  const choices =
    type === 'kpi'
      ? kpiLibrary.map((k) => ({ id: k.id, name: k.title[text], description: k.formula[text] }))
      : BUDGET_WIDGET_LINES.map((line) => ({ id: line, name: budgetWidgetLineTitle(line)[text], description: '' }));
  return (
    <Modal
      title={t(type === 'kpi' ? 'widgets.kpiLibrary' : 'widgets.budgetLine')}
      onClose={onClose}
      testId={`${type}-picker`}
    >
      <p className="modal__hint modal__hint--top">{t(type === 'kpi' ? 'widgets.kpiHint' : 'widgets.budgetHint')}</p>
      <ul className="variant-list">
        {choices.map((choice) => {
          const added = !canAddWidget(widgets, type, choice.id);
          return (
            <li key={choice.id}>
              <button
                type="button"
                className={`catalogue-item ${added ? 'catalogue-item--added' : ''}`}
                disabled={added}
                onClick={() => onPick(choice.id, choice.name)}
                data-testid="variant-item"
                data-variant={choice.id}
              >
                <span className="catalogue-item__name">{choice.name}</span>
                {choice.description && <span className="catalogue-item__description">{choice.description}</span>}
                {added && <span className="chip">{t('widgets.onBoard')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
