export { configure, SaldoApiError, type SaldoConfig } from './core/api-client';
export { defineElement, type ElementSpec, type SaldoReportElement } from './core/define-element';
// The contract's one number and date formatter (and øre to kroner), for pages that show figures beside the elements.
export * from './core/format';
export { messages, type SaldoLang } from './core/i18n';
export type { SaldoDrillDetail, SaldoErrorDetail, WidgetState } from './core/types';
export { SaldoElement } from './core/widget-element';
export { defineElements, elements, type SaldoTag, tags } from './elements';
// Every element class by its name (SaldoTurnover, …), from the registry.
export * from './generated/elements';
export { widgetListing } from './generated/listing';
export type { AiWidgetData } from './widgets/ai-widget/ai-widget-view';
export { type SaldoTopList, topLists } from './widgets/top-list/top-list';
export type { TopListSpec } from './widgets/top-list/top-list-view';
