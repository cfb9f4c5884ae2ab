import type { WidgetType } from '@saldo/contract/widgets';
import { widgets } from '../generated/registry';
import type { SaldoLang } from './i18n';

/** A widget type's data route, from the contract's registry: '/api/widgets/turnover'. */
export function widgetPath(type: WidgetType): string {
  return `/api${widgets[type].path}`;
}

/** A widget type's title in the element's language, from the contract's registry. */
export function widgetTitle(type: WidgetType, lang: SaldoLang): string {
  const { titles } = widgets[type];
  return lang === 'en' ? titles.en : titles.no;
}
