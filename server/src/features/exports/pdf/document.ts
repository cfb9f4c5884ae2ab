/**
 * The board export as a PDF, written with pdfkit: a cover page, then each part flowing on from the
 * one before wherever it fits: a widget or statement as a section (title, note, chart, table; see
 * section.ts), consecutive KPIs as a grid of cards (cards.ts), commentary and notes as text
 * (text-section.ts). Every page after the cover has a running header with the board and the period,
 * and a footer with the maker (the firm, when branded) and 'Side 3 av 12'. A4 landscape, so a year of
 * months fits across a page.
 */

import { formatDate } from '@saldo/contract/numbers/format';
import PDFDocument from 'pdfkit';
import type { ExportLang } from '../texts.ts';
import { type Branding, type Theme, themeOf } from './branding.ts';
import { drawCards } from './cards.ts';
import { type CoverFacts, drawContents, drawCover } from './cover.ts';
import { Flow } from './flow.ts';
import { labels } from './labels.ts';
import { drawSection, type Section } from './section.ts';
import { COLORS, FONT, FOOTER_Y, HEADER_Y, MARGIN, PAGE_WIDTH, registerFonts } from './style.ts';
import { drawTextSection, isTextSection, type TextSection } from './text-section.ts';

export type { Branding } from './branding.ts';
export type { Company } from './cover.ts';
export type { Section } from './section.ts';
export type { TextSection } from './text-section.ts';

export interface PdfReport extends CoverFacts {
  lang: ExportLang;
  sections: Array<Section | TextSection>;
  /** The firm's name, colours and logo; without it, Saldo's own look. */
  branding?: Branding;
}

/** Board and period at the top, the maker, the export's day and the page number at the foot of each page but the cover. */
function drawPageFrame(doc: PDFKit.PDFDocument, report: PdfReport, theme: Theme, page: number, pages: number) {
  const words = labels(report.lang);
  const period = `${words.period}: ${formatDate(report.startDate)} – ${formatDate(report.endDate)}`;
  const right = (text: string, y: number) =>
    doc.text(text, PAGE_WIDTH - MARGIN - doc.widthOfString(text), y, { lineBreak: false });
  doc.font(FONT.bold).fontSize(7.5).fillColor(theme.primary).text(report.board, MARGIN, HEADER_Y, { lineBreak: false });
  doc.font(FONT.regular).fillColor(COLORS.muted);
  right(period, HEADER_Y);
  doc
    .moveTo(MARGIN, HEADER_Y + 13)
    .lineTo(PAGE_WIDTH - MARGIN, HEADER_Y + 13)
    .lineWidth(theme.branded ? 0.8 : 0.4)
    .strokeColor(theme.branded ? theme.primary : COLORS.border)
    .stroke();
  doc
    .fillColor(theme.secondary)
    .text(`${theme.maker} · ${words.exported} ${formatDate(report.exportedAt)}`, MARGIN, FOOTER_Y, {
      lineBreak: false,
    });
  right(words.page(page, pages), FOOTER_Y);
}

/** Draws the parts in order from the page after the cover; returns each part's title and first page. */
function drawParts(flow: Flow, parts: PdfReport['sections'], lang: ExportLang) {
  const words = labels(lang);
  const entries: { title: string; page: number }[] = [];
  for (let i = 0; i < parts.length; ) {
    const part = parts[i]!;
    if (isTextSection(part)) {
      entries.push({ title: part.text.heading, page: drawTextSection(flow, part.text) });
      i++;
    } else if (part.card) {
      // Consecutive cards share their rows.
      const cards: Section[] = [];
      for (let next = parts[i]; next && !isTextSection(next) && next.card; next = parts[++i]) cards.push(next);
      const pages = drawCards(flow, cards, words.noChartData);
      entries.push(...cards.map((card, n) => ({ title: card.table.title, page: pages[n]! })));
    } else {
      entries.push({ title: part.table.title, page: drawSection(flow, part, words) });
      i++;
    }
  }
  return entries;
}

/** Writes the PDF. */
/** A report that would print more pages than its writer allows: nothing is written. */
export class PdfTooLongError extends Error {
  constructor(
    readonly pages: number,
    readonly maxPages: number,
  ) {
    super(`The PDF would have ${pages} pages, more than ${maxPages}`);
  }
}

/** The report as PDF bytes; with `maxPages`, one that would run longer is refused (PdfTooLongError). */
export function writePdf(report: PdfReport, options: { maxPages?: number } = {}): Promise<Buffer> {
  const words = labels(report.lang);
  const theme = themeOf(report.branding);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    bufferPages: true,
    pdfVersion: '1.7',
    lang: report.lang === 'en' ? 'en' : 'nb-NO',
    displayTitle: true,
    info: {
      Title: `${report.board} ${formatDate(report.startDate)} – ${formatDate(report.endDate)}`,
      Subject: words.report,
      Author: theme.maker,
      Creator: 'Saldo',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);

  drawCover(doc, report, words, theme, report.branding?.logo);
  const flow = new Flow(doc);
  flow.newPage();
  const entries = drawParts(flow, report.sections, report.lang);

  const { start, count } = doc.bufferedPageRange();
  if (options.maxPages !== undefined && count > options.maxPages) {
    doc.end();
    return done.then(() => Promise.reject(new PdfTooLongError(count, options.maxPages!)));
  }
  doc.switchToPage(start);
  drawContents(doc, entries, words, theme);
  for (let i = start + 1; i < start + count; i++) {
    doc.switchToPage(i);
    drawPageFrame(doc, report, theme, i + 1, count);
  }
  doc.end();
  return done;
}
