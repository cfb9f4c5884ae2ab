import type { BoardWidget } from '@saldo/contract';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../components/use-focus-trap';
import { canAddWidget, elementOf } from './layout';
import type { CatalogueEntry } from './queries';
import './dashboard.css';

interface WidgetDrawerProps {
  catalogue: CatalogueEntry[];
  /** The board's widgets, to mark the types already on it. */
  widgets: BoardWidget[];
  text: 'en' | 'no';
  loading: boolean;
  onAdd: (entry: CatalogueEntry) => void;
  onClose: () => void;
}

/** The catalogue beside the grid: every widget type, marked when on the board or not yet built in the SDK. */
export function WidgetDrawer({ catalogue, widgets, text, loading, onAdd, onClose }: WidgetDrawerProps) {
  const { t } = useTranslation();
  // A dialog beside the grid: the keyboard starts on the first widget and stays in the catalogue until
  // it closes (Escape too); then the focus goes back to the add button.
  const panel = useRef<HTMLElement>(null);
  const titleId = useId();
  useFocusTrap(panel, true, { onEscape: onClose, skip: '.modal__close' });
  return (
    <aside
      ref={panel}
      className="side-drawer"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="widget-drawer"
    >
      <header className="side-drawer__header">
        <h2 id={titleId}>{t('widgets.add')}</h2>
        <button
          type="button"
          className="modal__close"
          aria-label={t('common.close')}
          onClick={onClose}
          data-testid="widget-drawer-close"
        >
          ×
        </button>
      </header>
      {loading && <p className="side-drawer__empty">{t('app.loading')}</p>}
      <ul className="side-drawer__list">
        {catalogue.map((entry) => {
          const added = !canAddWidget(widgets, entry.widget);
          const exists = typeof customElements !== 'undefined' && !!customElements.get(elementOf(entry.widget));
          return (
            <li key={entry.widget}>
              <button
                type="button"
                className={`catalogue-item ${added ? 'catalogue-item--added' : ''}`}
                onClick={() => onAdd(entry)}
                data-testid="catalogue-item"
                data-widget={entry.widget}
                data-available={exists ? 'true' : 'false'}
              >
                <span className="catalogue-item__name">{entry.name[text]}</span>
                <span className="catalogue-item__description">{entry.description[text]}</span>
                {added && <span className="chip">{t('widgets.onBoard')}</span>}
                {!exists && <span className="chip chip--muted">{t('widgets.comingSoon')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
