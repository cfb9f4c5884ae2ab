/** The PDF's own words (the tables' words are texts.ts'), in nor and en as the rest of the exports. */
import type { ExportLang } from '../texts.ts';

export interface PdfLabels {
  report: string;
  period: string;
  companies: string;
  exported: string;
  contents: string;
  note: string;
  continued: string;
  empty: string;
  costs: string;
  /** Under the cover's facts. */
  amounts: string;
  page: (page: number, pages: number) => string;
  /** On the cover of a branded report: the firm that made it. */
  preparedBy: (firm: string) => string;
  /** Before an organisation number: 'org.nr. 912 345 678'. */
  orgNumber: string;
  /** A chart's box when no month has a figure yet. */
  noChartData: string;
}

const LABELS: Record<ExportLang, PdfLabels> = {
  nor: {
    report: 'Finansiell rapport',
    period: 'Periode',
    companies: 'Selskaper',
    exported: 'Eksportert',
    contents: 'Innhold',
    note: 'Notat',
    continued: 'forts.',
    empty: 'Ingen data for perioden',
    costs: 'Kostnader',
    amounts: 'Beløp i hele kroner. Tallene er de samme som widgetene viser for perioden.',
    page: (page, pages) => `Side ${page} av ${pages}`,
    preparedBy: (firm) => `Utarbeidet av ${firm}`,
    orgNumber: 'org.nr.',
    noChartData: 'Ingen bokførte måneder å vise',
  },
  en: {
    report: 'Financial report',
    period: 'Period',
    companies: 'Companies',
    exported: 'Exported',
    contents: 'Contents',
    note: 'Note',
    continued: 'cont.',
    empty: 'No data for this period',
    costs: 'Costs',
    amounts: 'Amounts in whole kroner (NOK). The figures are those the widgets show for the period.',
    page: (page, pages) => `Page ${page} of ${pages}`,
    preparedBy: (firm) => `Prepared by ${firm}`,
    orgNumber: 'org. no.',
    noChartData: 'No booked month to show',
  },
};

export const labels = (lang: ExportLang): PdfLabels => LABELS[lang];
