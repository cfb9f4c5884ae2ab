// A report pack's sections as data, without zod: their kinds and titles in nor and en, and the default
// pack a pack made with a name alone gets. The schemas (pack.ts) and the portal's editor read these.

import type { KpiId } from '../kpis/kpis.ts';
import type { Lang, LocalizedText } from '../numbers/format.ts';

export type PackLanguage = Lang;

/** How a statement section compares: the previous period, the same months last year, the budget, or not at all. */
export type StatementCompare = 'previous' | 'lastYear' | 'budget' | 'none';
/** How a commentary's or a KPI section's figures compare (a KPI has no budget). */
export type FigureCompare = 'previous' | 'lastYear';

export type PackSection =
  | { kind: 'cover' }
  | { kind: 'contents' }
  | { kind: 'profitLoss' | 'balanceSheet' | 'cashFlow'; compare: StatementCompare }
  | { kind: 'kpis'; kpiIds: KpiId[]; compare: FigureCompare }
  | { kind: 'widget'; widgetId: string }
  | { kind: 'notes'; text: string }
  | { kind: 'commentary'; text: string; compare: FigureCompare };

export type PackSectionKind = PackSection['kind'];

/** The most sections a pack holds, and the longest text of one section. */
export const MAX_PACK_SECTIONS = 60;
/** The most pages a pack's PDF may run to: a longer one is refused when it is rendered. */
export const MAX_PACK_PAGES = 100;
export const MAX_PACK_TEXT = 20_000;
/** The most packs a board holds. */
export const MAX_BOARD_PACKS = 50;

export const SECTION_TITLES: Readonly<Record<PackSectionKind, LocalizedText>> = {
  cover: { no: 'Forside', en: 'Cover' },
  contents: { no: 'Innhold', en: 'Contents' },
  profitLoss: { no: 'Resultatregnskap', en: 'Profit and loss' },
  balanceSheet: { no: 'Balanse', en: 'Balance sheet' },
  cashFlow: { no: 'Kontantstrøm', en: 'Cash flow' },
  kpis: { no: 'Nøkkeltall', en: 'Key figures' },
  widget: { no: 'Figur', en: 'Chart' },
  notes: { no: 'Noter', en: 'Notes' },
  commentary: { no: 'Kommentar', en: 'Commentary' },
};

export const sectionTitle = (kind: PackSectionKind, lang: Lang): string =>
  lang === 'en' ? SECTION_TITLES[kind].en : SECTION_TITLES[kind].no;

/** The default commentary's starter text: the period's operating income and its change against last year. */
export const STARTER_COMMENTARY: Readonly<Record<Lang, string>> = {
  nor: 'Driftsinntektene i perioden ble {{line:revenue}} kr, en endring på {{line:revenue:change}} fra de samme månedene i fjor.',
  en: 'Operating income for the period was NOK {{line:revenue}}, a change of {{line:revenue:change}} from the same months last year.',
};

/**
 * The firm's default pack: a cover, the contents, the three statements against last year, the board's
 * KPIs and one commentary block in the pack's language.
 */
export function defaultPackSections(kpiIds: readonly KpiId[], lang: Lang): PackSection[] {
  return [
    { kind: 'cover' },
    { kind: 'contents' },
    { kind: 'profitLoss', compare: 'lastYear' },
    { kind: 'balanceSheet', compare: 'lastYear' },
    { kind: 'cashFlow', compare: 'lastYear' },
    { kind: 'kpis', kpiIds: [...kpiIds], compare: 'lastYear' },
    { kind: 'commentary', text: STARTER_COMMENTARY[lang], compare: 'lastYear' },
  ];
}
