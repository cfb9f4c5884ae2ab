import type { Board, BoardWidget, Consolidation, CustomWidget, SubBoard } from '@saldo/server/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { getWidgetsDraggable, setWidgetsDraggable, subscribe } from '../../lib/auth-storage';
import { AssistantPanel } from '../assistant/assistant-panel';
import { saveBoardWidgets, saveSubBoardWidgets, subBoardsKey } from '../boards/api';
import { canEditBoard } from '../boards/board-rules';
import { boardsQuery } from '../boards/queries';
import { ExportDialog } from '../exports/export-dialog';
import { useSync } from '../sync/sync-context';
import { customWidgetsKey, customWidgetsQuery, deleteCustomWidget } from '../widget-forms/api';
import { ConsolidationForm } from '../widget-forms/consolidation-form';
import { CustomWidgetForm } from '../widget-forms/custom-widget-form';
import {
  AI_TYPE,
  addCustomWidget,
  addWidget,
  addWidgetAtFreeSpot,
  applyPositions,
  CUSTOM_TYPE,
  canAddWidget,
  elementOf,
  type GridPosition,
  layoutChanged,
} from './layout';
import { buildCatalogue, type CatalogueEntry, widgetConfigurationsQuery } from './queries';
import './dashboard.css';

const CONSOLIDATION_TYPE = 'consolidation';

/** The dialog open over the grid: the custom widget form (new or editing) or the consolidation form. */
type OpenForm = { kind: 'custom'; widget: CustomWidget | null } | { kind: 'consolidation' } | null;

import { WidgetGrid } from './widget-grid';

/** How long moves and resizes settle before the layout is saved. */
export const SAVE_DEBOUNCE_MS = 400;

interface BoardGridProps {
  board: Board;
  /** Set when a sub-board's grid is shown instead of the board's own. */
  subBoard: SubBoard | null;
  initial: BoardWidget[];
  from: string;
  to: string;
  lang: 'nor' | 'en';
}

/** The editable grid of one board or sub-board: add, remove, move, resize, view and note. */
export function BoardGrid({ board, subBoard, initial, from, to, lang }: BoardGridProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const text = lang === 'en' ? 'en' : 'no';
  const [widgets, setWidgets] = useState<BoardWidget[]>(initial);
  const [drawer, setDrawer] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [assistant, setAssistant] = useState(false);
  const [form, setForm] = useState<OpenForm>(null);
  // A Viewer sees the grid as it is: nothing moves, and no tool changes it.
  const editable = canEditBoard(board);
  const draggable = useSyncExternalStore(subscribe, getWidgetsDraggable) && editable;
  const configurations = useQuery(widgetConfigurationsQuery);
  const catalogue = useMemo(() => buildCatalogue(configurations.data ?? []), [configurations.data]);
  const saved = useRef<BoardWidget[]>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(widgets);
  latest.current = widgets;

  const persist = useCallback(
    async (next: BoardWidget[]): Promise<boolean> => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      try {
        if (subBoard) {
          const result = await saveSubBoardWidgets(board._id, subBoard._id, next);
          queryClient.setQueryData(subBoardsKey(board._id), (list: SubBoard[] | undefined) =>
            list?.map((item) => (item._id === result._id ? { ...item, widgets: result.widgets } : item)),
          );
        } else {
          const result = await saveBoardWidgets(board._id, next);
          queryClient.setQueryData(boardsQuery.queryKey, (list: Board[] | undefined) =>
            list?.map((item) => (item._id === board._id ? { ...item, widgets: result.widgets } : item)),
          );
        }
        saved.current = next;
        return true;
      } catch (error) {
        notifyError(errorCodeOf(error) === 'WIDGET_ALREADY_ADDED' ? 'WIDGET_ALREADY_ADDED' : errorCodeOf(error));
        return false;
      }
    },
    [board._id, subBoard, queryClient, notifyError],
  );

  // A pending move is saved rather than lost when the user leaves the grid.
  useEffect(
    () => () => {
      if (timer.current && layoutChanged(latest.current, saved.current)) void persist(latest.current);
    },
    [persist],
  );

  // Spec §4: after a sync the widgets reload their data.
  const completions = useSync().view.completions;
  const seen = useRef(completions);
  const gridBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (completions === seen.current) return;
    seen.current = completions;
    for (const el of gridBox.current?.querySelectorAll('[data-saldo-widget]') ?? []) {
      (el as HTMLElement & { reload?: () => void }).reload?.();
    }
  }, [completions]);

  const onLayout = useCallback(
    (changes: GridPosition[]) => {
      const next = applyPositions(latest.current, changes);
      if (!layoutChanged(next, latest.current)) return;
      latest.current = next;
      setWidgets(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void persist(latest.current), SAVE_DEBOUNCE_MS);
    },
    [persist],
  );

  const update = async (next: BoardWidget[], successKey: string): Promise<boolean> => {
    const before = latest.current;
    latest.current = next;
    setWidgets(next);
    if (await persist(next)) {
      notify(successKey);
      return true;
    }
    latest.current = before;
    setWidgets(before);
    return false;
  };

  /** Asks the SDK element of one board widget to fetch its data again (after its settings changed). */
  const reloadWidget = (id: string) => {
    for (const el of gridBox.current?.querySelectorAll(`[gs-id="${CSS.escape(id)}"] [data-saldo-widget]`) ?? []) {
      (el as HTMLElement & { reload?: () => void }).reload?.();
    }
  };

  const add = (entry: CatalogueEntry) => {
    if (!canAddWidget(latest.current, entry.widget)) {
      notifyError('WIDGET_ALREADY_ADDED');
      return;
    }
    if (entry.widget === AI_TYPE) {
      setDrawer(false);
      setAssistant(true);
      return;
    }
    if (entry.widget === CUSTOM_TYPE || entry.widget === CONSOLIDATION_TYPE) {
      setDrawer(false);
      setForm(entry.widget === CUSTOM_TYPE ? { kind: 'custom', widget: null } : { kind: 'consolidation' });
      return;
    }
    void update(addWidget(latest.current, entry.widget, entry.name[text]), 'widgets.added');
  };

  const edit = async (widget: BoardWidget) => {
    if (widget.widget === CONSOLIDATION_TYPE) {
      setForm({ kind: 'consolidation' });
      return;
    }
    try {
      const list = await queryClient.fetchQuery({ ...customWidgetsQuery(board._id), staleTime: 0 });
      const found = list.find((item) => item._id === widget.id);
      if (found) setForm({ kind: 'custom', widget: found });
      else notifyError('WIDGET_NOT_FOUND');
    } catch (error) {
      notifyError(errorCodeOf(error));
    }
  };

  const customSaved = async (saved: CustomWidget, created: boolean) => {
    void queryClient.invalidateQueries({ queryKey: customWidgetsKey(board._id) });
    if (created) {
      const placed = await update(
        addCustomWidget(latest.current, { id: saved._id, name: saved.name, view: saved.view }),
        'widgetForms.customAdded',
      );
      // A widget that could not be placed would be invisible: remove it again (the error is shown).
      if (!placed) await deleteCustomWidget(board._id, saved._id).catch(() => undefined);
    } else {
      const next = latest.current.map((item) =>
        item.id === saved._id ? { ...item, name: saved.name, view: saved.view } : item,
      );
      if (layoutChanged(next, latest.current)) {
        latest.current = next;
        setWidgets(next);
        await persist(next);
      }
      notify('widgetForms.customUpdated');
      reloadWidget(saved._id);
    }
    setForm(null);
  };

  const consolidationSaved = async (group: Consolidation) => {
    if (canAddWidget(latest.current, CONSOLIDATION_TYPE)) {
      const name = entryOf(CONSOLIDATION_TYPE)?.name[text] ?? group.name;
      await update(addWidgetAtFreeSpot(latest.current, CONSOLIDATION_TYPE, name), 'widgets.added');
    } else {
      notify('widgetForms.consolidationSaved');
      reloadWidget(CONSOLIDATION_TYPE);
    }
    setForm(null);
  };

  /** Off the board is gone: a custom widget's row is deleted with its card (it belongs to no other layout). */
  const remove = async (id: string) => {
    const target = latest.current.find((widget) => widget.id === id);
    const removed = await update(
      latest.current.filter((widget) => widget.id !== id),
      'widgets.deleted',
    );
    if (!removed || target?.widget !== CUSTOM_TYPE) return;
    try {
      await deleteCustomWidget(board._id, id);
    } catch (error) {
      if (errorCodeOf(error) !== 'WIDGET_NOT_FOUND') notifyError(errorCodeOf(error));
    }
    void queryClient.invalidateQueries({ queryKey: customWidgetsKey(board._id) });
  };

  const entryOf = (type: string) => catalogue.find((entry) => entry.widget === type);
  const titleOf = (widget: BoardWidget) =>
    widget.widget === CUSTOM_TYPE || widget.widget === AI_TYPE
      ? widget.name
      : (entryOf(widget.widget)?.name[text] ?? widget.name);

  return (
    <div className="board-grid" ref={gridBox} data-testid="board-grid" data-source={subBoard ? 'sub-board' : 'board'}>
      <div className="board-grid__toolbar">
        <h2 className="board-grid__title" data-testid="grid-title">
          {subBoard ? subBoard.name : board.name}
        </h2>
        {editable ? (
          <label className="toggle" data-testid="draggable-toggle">
            <input
              type="checkbox"
              checked={draggable}
              onChange={(event) => setWidgetsDraggable(event.target.checked)}
            />
            <span>{t('widgets.draggable')}</span>
          </label>
        ) : (
          <span className="chip" data-testid="board-view-only">
            {t('team.roles.Viewer')}
          </span>
        )}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setAssistant(true)}
          data-testid="assistant-button"
        >
          {t('assistant.open')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setExporting(true)}
          data-testid="export-button"
        >
          {t('exports.button')}
        </button>
        {editable && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setDrawer(true)}
            data-testid="add-widget-button"
          >
            + {t('widgets.add')}
          </button>
        )}
      </div>
      {widgets.length === 0 ? (
        <div className="empty-state card" data-testid="grid-empty">
          <h2>{t('widgets.emptyTitle')}</h2>
          <p>{t('widgets.emptyBody')}</p>
        </div>
      ) : null}
      <WidgetGrid
        widgets={widgets}
        draggable={draggable}
        board={board._id}
        from={from}
        to={to}
        lang={lang}
        viewsOf={(type) => entryOf(type)?.views ?? ['single']}
        titleOf={titleOf}
        onLayout={onLayout}
        onRemove={(id) => void remove(id)}
        canEdit={(widget) => widget.widget === CUSTOM_TYPE || widget.widget === CONSOLIDATION_TYPE}
        readOnly={!editable}
        onEdit={(widget) => void edit(widget)}
        onView={(id, view) =>
          void update(
            latest.current.map((widget) => (widget.id === id ? { ...widget, view } : widget)),
            'widgets.viewChanged',
          )
        }
        onNote={(id, note) =>
          void update(
            latest.current.map((widget) => (widget.id === id ? { ...widget, note: note.trim() || null } : widget)),
            'widgets.noteSaved',
          )
        }
      />
      {drawer && (
        <aside className="side-drawer" aria-label={t('widgets.add')} data-testid="widget-drawer">
          <header className="side-drawer__header">
            <h2>{t('widgets.add')}</h2>
            <button
              type="button"
              className="modal__close"
              aria-label={t('common.close')}
              onClick={() => setDrawer(false)}
              data-testid="widget-drawer-close"
            >
              ×
            </button>
          </header>
          {configurations.isPending && <p className="side-drawer__empty">{t('app.loading')}</p>}
          <ul className="side-drawer__list">
            {catalogue.map((entry) => {
              const added = !canAddWidget(widgets, entry.widget);
              const exists = typeof customElements !== 'undefined' && !!customElements.get(elementOf(entry.widget));
              return (
                <li key={entry.widget}>
                  <button
                    type="button"
                    className={`catalogue-item ${added ? 'catalogue-item--added' : ''}`}
                    onClick={() => add(entry)}
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
      )}
      {form?.kind === 'custom' && (
        <CustomWidgetForm
          boardId={board._id}
          widget={form.widget}
          onClose={() => setForm(null)}
          onSaved={customSaved}
        />
      )}
      {assistant && (
        <AssistantPanel
          boardId={board._id}
          from={from}
          to={to}
          lang={lang}
          onBoard={new Set(widgets.filter((widget) => widget.widget === AI_TYPE).map((widget) => widget.id))}
          readOnly={!editable}
          onAdd={(query) =>
            void update(
              addCustomWidget(latest.current, { id: query._id, name: query.question, view: 'single' }, AI_TYPE),
              'widgets.added',
            )
          }
          onClose={() => setAssistant(false)}
        />
      )}
      {exporting && (
        <ExportDialog
          boardId={board._id}
          widgets={widgets}
          titleOf={titleOf}
          from={from}
          to={to}
          lang={lang}
          onClose={() => setExporting(false)}
        />
      )}
      {form?.kind === 'consolidation' && (
        <ConsolidationForm board={board} onClose={() => setForm(null)} onSaved={consolidationSaved} />
      )}
    </div>
  );
}
