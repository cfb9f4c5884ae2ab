import type { WidgetType } from '@saldo/contract/widgets';
import { type ComponentChild, h } from 'preact';
import { normalizeLang, type SaldoLang } from './i18n';
import { widgetPath, widgetTitle } from './registry';
import type { LoadQuery, SaldoDrillDetail, WidgetState } from './types';
import { SaldoElement } from './widget-element';

/** What the element hands its view. */
export interface WidgetViewProps<T> {
  state: WidgetState<T>;
  lang: SaldoLang;
  theme?: string | undefined;
  /** The `view` attribute is 'comparison'. */
  comparison: boolean;
  /** Set when the type drills: the headline ('period') or a month (yyyy-mm) was clicked. */
  onDrill?: ((figure: 'period' | string) => void) | undefined;
}

/** What is special about a type's element; everything else is the registry's (path, title). */
export interface WidgetElementOptions<T> {
  /** True when the data has nothing worth drawing (shown as the empty state). */
  isEmpty(data: T): boolean;
  /**
   * What `saldo-drill` says of a clicked figure, without its period (the element adds `from`, `to`
   * and `column`: the period, or the month clicked). No `drill`, no `saldo-drill`.
   */
  drill?: Omit<SaldoDrillDetail, 'from' | 'to' | 'column' | 'title' | 'origin'>;
}

/**
 * The element of a widget type that reads its registry path with the board and period and draws one
 * view: declared in the view's file (`export const SaldoX = defineWidgetElement('x', XView, …)`),
 * where scripts/generate.mjs finds it by the class name its registry tag gives.
 */
export function defineWidgetElement<T>(
  type: WidgetType,
  view: (props: WidgetViewProps<T>) => ComponentChild,
  options: WidgetElementOptions<T>,
): new () => SaldoElement<T> {
  return class extends SaldoElement<T> {
    protected override load({ board, from, to }: LoadQuery, signal: AbortSignal): Promise<T> {
      return this.fetchData<T>(widgetPath(type), { groupId: board, startDate: from, endDate: to }, board, signal);
    }

    protected override isEmpty(data: T): boolean {
      return options.isEmpty(data);
    }

    protected override renderView() {
      const lang = normalizeLang(this.lang);
      const { drill } = options;
      return h(view, {
        state: this.state,
        lang,
        theme: this.theme,
        comparison: this.view === 'comparison',
        onDrill: drill
          ? (figure: string) => {
              const title = widgetTitle(type, lang);
              this.drill({ ...drill, title, origin: type, ...this.figurePeriod(figure) });
            }
          : undefined,
      });
    }
  };
}
