/**
 * The board export as a PDF, written with pdfkit: a cover page, then each widget and statement as a
 * section (title, note, chart, table; see section.ts), a running header with the board and the period,
 * and page numbers. A4 landscape, so a year of months fits across a page.
 */

import { formatDate } from '@saldo/contract/numbers/format';
import PDFDocument from 'pdfkit';
import type { ExportLang } from '../texts.ts';
import { type CoverFacts, drawContents, drawCover } from './cover.ts';
import { Flow } from './flow.ts';
import { labels } from './labels.ts';
import { drawSection, type Section } from './section.ts';
import { COLORS, FONT, FOOTER_Y, HEADER_Y, MARGIN, PAGE_WIDTH, registerFonts } from './style.ts';

export type { Section } from './section.ts';

export interface PdfReport extends CoverFacts {
  lang: ExportLang;
  sections: Section[];
}

/** Board and period at the top, the export's day and the page number at the foot of each page but the cover. */
function drawPageFrame(doc: PDFKit.PDFDocument, report: PdfReport, page: number, pages: number) {
  const words = labels(report.lang);
  const period = `${words.period}: ${formatDate(report.startDate)} – ${formatDate(report.endDate)}`;
  const right = (text: string, y: number) =>
    doc.text(text, PAGE_WIDTH - MARGIN - doc.widthOfString(text), y, { lineBreak: false });
  doc.font(FONT.bold).fontSize(7.5).fillColor(COLORS.muted).text(report.board, MARGIN, HEADER_Y, { lineBreak: false });
  doc.font(FONT.regular);
  right(period, HEADER_Y);
  doc
    .moveTo(MARGIN, HEADER_Y + 13)
    .lineTo(PAGE_WIDTH - MARGIN, HEADER_Y + 13)
    .lineWidth(0.4)
    .strokeColor(COLORS.border)
    .stroke();
  doc.fillColor(COLORS.muted).text(`Saldo · ${words.exported} ${formatDate(report.exportedAt)}`, MARGIN, FOOTER_Y, {
    lineBreak: false,
  });
  right(words.page(page, pages), FOOTER_Y);
}

/** Writes the PDF. */
export function writePdf(report: PdfReport): Promise<Buffer> {
  const words = labels(report.lang);
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
      Author: 'Saldo',
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

  drawCover(doc, report, words);
  const flow = new Flow(doc);
  flow.newPage();
  const entries = report.sections.map((section) => ({
    title: section.table.title,
    page: drawSection(flow, section, words),
  }));

  const { start, count } = doc.bufferedPageRange();
  doc.switchToPage(start);
  drawContents(doc, entries, words);
  for (let i = start + 1; i < start + count; i++) {
    doc.switchToPage(i);
    drawPageFrame(doc, report, i + 1, count);
  }
  doc.end();
  return done;
}
