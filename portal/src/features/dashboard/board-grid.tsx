import type { Board, BoardWidget, Consolidation, CustomWidget, ReportComparison, SubBoard } from '@saldo/contract';
import type { SaldoDrillDetail } from '@saldo/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { getWidgetsDraggable, subscribe } from '../../lib/auth-storage';
import { AssistantPanel } from '../assistant/assistant-panel';
import { canEditBoard } from '../boards/board-rules';
import { ExportDialog } from '../exports/export-dialog';
import { DrillPanel } from '../reports/drill-panel';
import { ConsolidationForm } from '../widget-forms/consolidation-form';
import { CustomWidgetForm } from '../widget-forms/custom-widget-form';
import { customWidgetsKey, customWidgetsQuery, deleteCustomWidget } from '../widget-forms/queries';
import { BoardToolbar } from './board-toolbar';
import {
  AI_TYPE,
  addCustomWidget,
  addVariantWidget,
  addWidget,
  addWidgetAtFreeSpot,
  CUSTOM_TYPE,
  canAddWidget,
  layoutChanged,
  restoreWidget,
} from './layout';
import type { CatalogueEntry } from './queries';
import { useBoardLayout } from './use-board-layout';
import { useCatalogue } from './use-catalogue';
import { useWidgetReload } from './use-widget-reload';
import { VariantPicker } from './variant-picker';
import { WidgetDrawer } from './widget-drawer';
import { WidgetGrid } from './widget-grid';
import './dashboard.css';

const CONSOLIDATION_TYPE = 'consolidation';

/**
 * The dialog open over the grid: the custom widget form (new or editing), the consolidation form, or
 * the choice of a KPI or of a line to hold against its budget.
 */
type OpenForm =
  | { kind: 'custom'; widget: CustomWidget | null }
  | { kind: 'consolidation' }
  | { kind: 'variant'; type: 'kpi' | 'budget' }
  | null;

interface BoardGridProps {
  board: Board;
  /** Set when a sub-board's grid is shown instead of the board's own. */
  subBoard: SubBoard | null;
  initial: BoardWidget[];
  from: string;
  to: string;
  /**
   * The period control's comparison: what the widgets' comparison views compare with (none, or the
   * budget, which only the statements have: their own default), and what an export's report pages do.
   */
  compare?: ReportComparison | null;
  /** The period as the control names it, for the export dialog: 'Hittil i år · 2026/01/01 – 2026/10/31'. */
  periodLabel?: string;
  lang: 'nor' | 'en';
}

/**
 * The editable grid of one board or sub-board: what the user's actions do to its widgets (add, edit, remove,
 * view, note) and which panel is open. Saving the layout, reloading widgets and the catalogue are hooks.
 */
export function BoardGrid({ board, subBoard, initial, from, to, compare = null, periodLabel, lang }: BoardGridProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [drawer, setDrawer] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [assistant, setAssistant] = useState(false);
  const [form, setForm] = useState<OpenForm>(null);
  // A Viewer sees the grid as it is: nothing moves, and no tool changes it.
  const editable = canEditBoard(board);
  const draggable = useSyncExternalStore(subscribe, getWidgetsDraggable) && editable;
  const { catalogue, pending, text, entryOf, titleOf } = useCatalogue(lang);
  const { widgets, latest, onLayout, update, save } = useBoardLayout(board, subBoard, initial);
  const { gridBox, reloadWidget } = useWidgetReload();
  // Any widget's figure opens its postings: the SDK says in `saldo-drill` exactly what was clicked.
  const [drill, setDrill] = useState<SaldoDrillDetail | null>(null);
  useEffect(() => {
    const box = gridBox.current;
    const onDrill = (event: Event) => setDrill((event as CustomEvent<SaldoDrillDetail>).detail);
    box?.addEventListener('saldo-drill', onDrill);
    return () => box?.removeEventListener('saldo-drill', onDrill);
  }, [gridBox]);

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
    if (entry.widget === 'kpi' || entry.widget === 'budget') {
      setDrawer(false);
      setForm({ kind: 'variant', type: entry.widget });
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
      if (layoutChanged(next, latest.current)) await save(next);
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

  /**
   * Off the board at once, with Undo in the notice for a few seconds. A custom widget's row is deleted
   * only once Undo is no longer offered (it belongs to no other layout); Undo puts the card back.
   */
  const remove = async (id: string) => {
    const target = latest.current.find((widget) => widget.id === id);
    if (!target) return;
    const removed = await update(
      latest.current.filter((widget) => widget.id !== id),
      null,
    );
    if (!removed) return;
    notify('widgets.deleted', 'success', undefined, {
      labelKey: 'widgets.undo',
      run: () => void update(restoreWidget(latest.current, target), 'widgets.restored'),
      onExpire: () => {
        if (target.widget === CUSTOM_TYPE) void deleteCustom(id);
      },
    });
  };

  const deleteCustom = async (id: string) => {
    try {
      await deleteCustomWidget(board._id, id);
    } catch (error) {
      if (errorCodeOf(error) !== 'WIDGET_NOT_FOUND') notifyError(errorCodeOf(error));
    }
    void queryClient.invalidateQueries({ queryKey: customWidgetsKey(board._id) });
  };

  return (
    <div className="board-grid" ref={gridBox} data-testid="board-grid" data-source={subBoard ? 'sub-board' : 'board'}>
      <BoardToolbar
        title={subBoard ? subBoard.name : board.name}
        board={{ id: board._id, name: board.name }}
        editable={editable}
        draggable={draggable}
        onAssistant={() => setAssistant(true)}
        onExport={() => setExporting(true)}
        onAdd={() => setDrawer(true)}
      />
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
        compare={compare === 'previous' || compare === 'lastYear' ? compare : null}
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
        <WidgetDrawer
          catalogue={catalogue}
          widgets={widgets}
          text={text}
          loading={pending}
          onAdd={add}
          onClose={() => setDrawer(false)}
        />
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
          compare={compare}
          periodLabel={periodLabel}
          lang={lang}
          onClose={() => setExporting(false)}
        />
      )}
      {form?.kind === 'variant' && (
        <VariantPicker
          type={form.type}
          widgets={widgets}
          text={text}
          onClose={() => setForm(null)}
          onPick={(choice, name) => {
            setForm(null);
            void update(addVariantWidget(latest.current, form.type, choice, name), 'widgets.added');
          }}
        />
      )}
      {form?.kind === 'consolidation' && (
        <ConsolidationForm board={board} onClose={() => setForm(null)} onSaved={consolidationSaved} />
      )}
      {drill && <DrillPanel board={board._id} detail={drill} onClose={() => setDrill(null)} />}
    </div>
  );
}
