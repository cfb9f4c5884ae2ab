import type { BoardWidget } from '@saldo/contract';
import { useTranslation } from 'react-i18next';
import { Drawer } from '../../components/drawer';
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
  return (
    <Drawer title={t('widgets.add')} testId="widget-drawer" closeTestId="widget-drawer-close" onClose={onClose}>
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
    </Drawer>
  );
}
