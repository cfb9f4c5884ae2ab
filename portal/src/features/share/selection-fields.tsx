import type { BoardWidget, SharedPage } from '@saldo/contract';
import { useTranslation } from 'react-i18next';
import './share-panel.css';

/** A set with `value` added, or taken out when it was there. */
export function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

/** 'Select all' while something is left out, 'Clear all' once everything is chosen. */
function AllToggle({ all, onSetAll, testId }: { all: boolean; onSetAll: (all: boolean) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="link-button share-panel__all" onClick={() => onSetAll(!all)} data-testid={testId}>
      {all ? t('share.clearAll') : t('share.selectAll')}
    </button>
  );
}

/** The board's widgets as checkboxes (share and export choose from them alike). */
export function WidgetChecks({
  widgets,
  chosen,
  onToggle,
  onSetAll,
  titleOf,
  testIdOf,
  allTestId,
}: {
  widgets: readonly BoardWidget[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Chooses every widget (true) or none (false). */
  onSetAll: (all: boolean) => void;
  titleOf: (widget: BoardWidget) => string;
  testIdOf: (widget: BoardWidget) => string;
  allTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="share-panel__group">
      <legend>{t('share.widgets')}</legend>
      {widgets.length > 0 && (
        <AllToggle all={widgets.every((w) => chosen.has(w.id))} onSetAll={onSetAll} testId={allTestId} />
      )}
      {widgets.length === 0 && <p className="share-panel__hint">{t('share.noWidgets')}</p>}
      {widgets.map((widget) => (
        <label key={widget.id} className="share-panel__check">
          <input
            type="checkbox"
            checked={chosen.has(widget.id)}
            onChange={() => onToggle(widget.id)}
            data-testid={testIdOf(widget)}
            data-widget={widget.widget}
          />
          {titleOf(widget)}
        </label>
      ))}
    </fieldset>
  );
}

/** The report pages as checkboxes, named as the share dialog names them. */
export function PageChecks({
  pages,
  chosen,
  onToggle,
  onSetAll,
  testIdPrefix,
}: {
  pages: readonly SharedPage[];
  chosen: ReadonlySet<SharedPage>;
  onToggle: (page: SharedPage) => void;
  /** Chooses every page (true) or none (false). */
  onSetAll: (all: boolean) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="share-panel__group">
      <legend>{t('share.pages')}</legend>
      <AllToggle all={pages.every((p) => chosen.has(p))} onSetAll={onSetAll} testId={`${testIdPrefix}-all`} />
      {pages.map((page) => (
        <label key={page} className="share-panel__check">
          <input
            type="checkbox"
            checked={chosen.has(page)}
            onChange={() => onToggle(page)}
            data-testid={`${testIdPrefix}-${page}`}
          />
          {t(`share.page.${page}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** NOR or EN (spec §5: a share's language; an export's too). */
export function LanguageChoice({
  name,
  value,
  onChange,
  testIdPrefix,
}: {
  name: string;
  value: 'nor' | 'en';
  onChange: (lang: 'nor' | 'en') => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="share-panel__group share-panel__langs">
      <legend>{t('share.language')}</legend>
      {(['nor', 'en'] as const).map((lang) => (
        <label key={lang} className="share-panel__check">
          <input
            type="radio"
            name={name}
            value={lang}
            checked={value === lang}
            onChange={() => onChange(lang)}
            data-testid={`${testIdPrefix}-${lang}`}
          />
          {lang === 'nor' ? 'NOR' : 'EN'}
        </label>
      ))}
    </fieldset>
  );
}
