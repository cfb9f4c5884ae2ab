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
  },
};

export const labels = (lang: ExportLang): PdfLabels => LABELS[lang];
