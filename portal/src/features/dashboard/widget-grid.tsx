import '@saldo/sdk/register';
import 'gridstack/dist/gridstack.min.css';
import type { BoardWidget, Comparison } from '@saldo/contract';
import { GridStack, type GridStackNode } from 'gridstack';
import { createElement, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../components/use-media-query';
import { elementAttributes, elementOf, GRID_COLUMNS, type GridPosition, oneColumn } from './layout';
import { useScrollHint } from './use-scroll-hint';
import './dashboard.css';

export interface WidgetGridProps {
  widgets: BoardWidget[];
  draggable: boolean;
  board: string;
  from: string;
  to: string;
  /** What the comparison views compare with; none: the period just before. */
  compare?: Comparison | null;
  lang: 'nor' | 'en';
  /** Which views each type offers (from the catalogue); both when unknown. */
  viewsOf: (type: string) => Array<'single' | 'comparison'>;
  titleOf: (widget: BoardWidget) => string;
  onLayout: (changes: GridPosition[]) => void;
  onRemove: (id: string) => void;
  onView: (id: string, view: 'single' | 'comparison') => void;
  onNote: (id: string, note: string) => void;
  /** Which cards have an edit action (custom widgets, the consolidation), opening their form. */
  canEdit?: (widget: BoardWidget) => boolean;
  onEdit?: (widget: BoardWidget) => void;
  /** A Viewer's grid: the cards show their data and notes, with no tools to change them. */
  readOnly?: boolean;
}

export const CELL_HEIGHT = 80;

/** The statements, whose card shows the table (the report pages show their charts). */
const STATEMENTS = new Set(['profit-loss', 'balance-sheet', 'cash-flow']);

function toPositions(items: GridStackNode[] | undefined): GridPosition[] {
  return (items ?? [])
    .filter((node) => node.id !== undefined)
    .map((node) => ({ id: String(node.id), x: node.x ?? 0, y: node.y ?? 0, w: node.w ?? 1, h: node.h ?? 1 }));
}

/**
 * The board's widgets on a 12-column gridstack grid. React renders the items (with gs-* attributes);
 * gridstack takes them over when the set of widgets changes (the grid is rebuilt then), and reports
 * moves and resizes through `onLayout`.
 */
export function WidgetGrid(props: WidgetGridProps) {
  const { widgets, draggable } = props;
  // A phone shows one column in reading order, fixed in place; the board keeps its 12-column layout.
  const phone = useMediaQuery(PHONE_QUERY);
  const idsKey = `${phone ? 'phone:' : ''}${widgets
    .map((widget) => widget.id)
    .sort()
    .join('|')}`;
  return (
    <GridFrame
      key={idsKey}
      {...props}
      columns={phone ? 1 : GRID_COLUMNS}
      draggable={draggable && !phone}
      widgets={phone ? oneColumn(widgets) : widgets}
    />
  );
}

function GridFrame({ widgets, draggable, onLayout, columns, ...rest }: WidgetGridProps & { columns: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const gridRef = useRef<GridStack | null>(null);
  const onLayoutRef = useRef(onLayout);
  onLayoutRef.current = onLayout;
  const draggableRef = useRef(draggable);
  draggableRef.current = draggable;
  // Fixed for the frame's life: a change of column count rebuilds the grid (WidgetGrid's key).
  const columnsRef = useRef(columns);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const grid = GridStack.init(
      {
        column: columnsRef.current,
        cellHeight: CELL_HEIGHT,
        // The grid's least height (as dashboard.css's min-height): given here, gridstack does not read
        // the CSS with getComputedStyle, a fresh style computation of the page, each time it sizes the grid.
        minRow: 1,
        margin: 8,
        mode: 'float',
        handle: '.widget-card__handle',
        staticGrid: !draggableRef.current,
        resizable: { handles: 'se' },
      },
      el,
    );
    if (!grid) return;
    gridRef.current = grid;
    // The phone's one column is only shown: its positions are never the board's layout.
    grid.on('change', (_event, items) => {
      if (columnsRef.current === GRID_COLUMNS) onLayoutRef.current(toPositions(items as GridStackNode[]));
    });
    return () => {
      grid.offAll();
      grid.destroy(false);
      gridRef.current = null;
    };
  }, []);

  useEffect(() => {
    gridRef.current?.setStatic(!draggable);
  }, [draggable]);

  return (
    <div
      ref={ref}
      className={`grid-stack ${draggable ? '' : 'grid-stack--locked'} ${columns === 1 ? 'grid-stack--one' : ''}`}
      data-testid="widget-grid"
      data-draggable={draggable ? 'true' : 'false'}
    >
      {widgets.map((widget) => (
        <div
          key={widget.id}
          className="grid-stack-item"
          gs-id={widget.id}
          gs-x={widget.x}
          gs-y={widget.y}
          gs-w={widget.width}
          gs-h={widget.height}
          data-testid="grid-widget"
          data-widget={widget.widget}
        >
          <div className="grid-stack-item-content">
            <WidgetCard widget={widget} {...rest} />
          </div>
        </div>
      ))}
    </div>
  );
}

declare module 'react' {
  // gridstack reads its item attributes from the DOM.
  interface HTMLAttributes<T> {
    'gs-id'?: string;
    'gs-x'?: number;
    'gs-y'?: number;
    'gs-w'?: number;
    'gs-h'?: number;
  }
}

function WidgetCard({
  widget,
  board,
  from,
  to,
  compare,
  lang,
  viewsOf,
  titleOf,
  onRemove,
  onView,
  onNote,
  canEdit,
  onEdit,
  readOnly,
}: Omit<WidgetGridProps, 'widgets' | 'draggable' | 'onLayout'> & { widget: BoardWidget }) {
  const { t } = useTranslation();
  const tag = elementOf(widget.widget);
  const available = typeof customElements !== 'undefined' && !!customElements.get(tag);
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState(widget.note ?? '');
  const views = viewsOf(widget.widget);
  const body = useRef<HTMLDivElement>(null);
  const { scrolls, more } = useScrollHint(body);
  return (
    <section className="widget-card" aria-label={titleOf(widget)} data-more={more ? 'below' : undefined}>
      <header className="widget-card__header">
        <span className="widget-card__handle" title={t('widgets.dragHint')} data-testid="widget-handle">
          <span aria-hidden="true">⠿</span> {titleOf(widget)}
        </span>
        {!readOnly && (
          <div className="widget-card__tools">
            {views.includes('comparison') && (
              <select
                className="widget-card__view"
                aria-label={t('widgets.view')}
                value={widget.view}
                onChange={(event) => onView(widget.id, event.target.value === 'comparison' ? 'comparison' : 'single')}
                data-testid="widget-view"
              >
                <option value="single">{t('widgets.viewSingle')}</option>
                <option value="comparison">{t('widgets.viewComparison')}</option>
              </select>
            )}
            <button
              type="button"
              className={`icon-button ${widget.note ? 'icon-button--on' : ''}`}
              aria-label={t('widgets.note')}
              title={t('widgets.note')}
              aria-expanded={noteOpen}
              onClick={() => setNoteOpen((value) => !value)}
              data-testid="widget-note-toggle"
            >
              ✎
            </button>
            {onEdit && canEdit?.(widget) && (
              <button
                type="button"
                className="icon-button"
                aria-label={t('widgetForms.edit')}
                title={t('widgetForms.edit')}
                onClick={() => onEdit(widget)}
                data-testid="widget-edit"
              >
                ⚙
              </button>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={t('widgets.remove')}
              title={t('widgets.remove')}
              onClick={() => onRemove(widget.id)}
              data-testid="widget-remove"
            >
              ×
            </button>
          </div>
        )}
      </header>
      {noteOpen && (
        <textarea
          className="widget-card__note"
          aria-label={t('widgets.note')}
          placeholder={t('widgets.notePlaceholder')}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          onBlur={() => {
            if (note !== (widget.note ?? '')) onNote(widget.id, note);
          }}
          data-testid="widget-note"
        />
      )}
      {!noteOpen && widget.note && (
        <p className="widget-card__note-text" data-testid="widget-note-text">
          {widget.note}
        </p>
      )}
      {/* A card whose content is taller shows a scrollbar and a fade at its foot until the end is in view,
          and can be scrolled from the keyboard. */}
      <div
        ref={body}
        className="widget-card__body"
        data-testid="widget-body"
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': titleOf(widget) } : {})}
      >
        {available ? (
          createElement(tag, {
            board,
            from,
            to,
            lang,
            // A statement in a card shows its table without the chart, so its result line fits the card (issue 27).
            view: STATEMENTS.has(widget.widget) ? 'table' : widget.view,
            // Only a card in the comparison view compares (top lists, custom widgets, KPIs): with the control's choice.
            compare: widget.view === 'comparison' ? (compare ?? undefined) : undefined,
            'data-saldo-widget': '',
            ...elementAttributes(widget),
          })
        ) : (
          <p className="widget-card__unavailable" data-testid="widget-unavailable">
            {t('widgets.unavailable')}
          </p>
        )}
      </div>
    </section>
  );
}
