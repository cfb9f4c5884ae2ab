/** The exports' words (the contract's export-texts), and a widget type's title from the registry. */
import { localized } from '@saldo/contract/exports/texts';
import { isWidgetType, widgetRegistry } from '@saldo/contract/widgets/registry';

export {
  comparisonHeading,
  type ExportLang,
  INDENT,
  type Key,
  localized,
  openingNote,
  text,
} from '@saldo/contract/exports/texts';

/** A widget type's name in the language, e.g. 'Topp 10 kunder'. */
export function widgetTitle(widget: string, lang: 'nor' | 'en'): string {
  return isWidgetType(widget) ? localized(widgetRegistry[widget].titles, lang) : widget;
}
