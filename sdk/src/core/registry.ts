import type { WidgetType } from '@saldo/contract/widgets/registry';
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

type Words = { [K in WidgetType]: (typeof widgets)[K] extends { words: infer W } ? keyof W : never };

/** One of a widget type's own words (its registry entry's `words`) in the element's language. */
export function widgetWord<K extends WidgetType>(type: K, key: Words[K], lang: SaldoLang): string {
  const text = (widgets[type] as { words?: Record<string, { no: string; en: string }> }).words![key as string]!;
  return lang === 'en' ? text.en : text.no;
}
