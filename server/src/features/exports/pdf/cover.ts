/**
 * The first page: the maker's logo or name, the board's name, the companies it reads (each with its
 * organisation number, once), the period and the day of the export, who prepared it, and the contents
 * with the page each part starts on (written last, when those pages are known).
 */
import { formatDate } from '@saldo/contract/numbers/format';
import { type Branding, formatOrgNumber, type Theme, withoutOrgNumber } from './branding.ts';
import type { PdfLabels } from './labels.ts';
import { drawLogo } from './logo.ts';
import { COLORS, CONTENT_WIDTH, FONT, MARGIN, PAGE_HEIGHT } from './style.ts';

/** A company behind the board: its name, and its organisation number where the ledger has one. */
export interface Company {
  name: string;
  organisationNumber?: string | null;
}

export interface CoverFacts {
  board: string;
  /** The companies (accounting sources) behind the board. */
  sources: Company[];
  startDate: string;
  endDate: string;
  /** yyyy-mm-dd */
  exportedAt: string;
  /** The line above the title: a report pack's name; the board export's 'Finansiell rapport' without. */
  heading?: string;
}

const LEFT_WIDTH = CONTENT_WIDTH * 0.52;
const RIGHT_X = MARGIN + CONTENT_WIDTH * 0.6;
const RIGHT_WIDTH = CONTENT_WIDTH * 0.4;
const TOP = 150;
const LOGO = { width: 170, height: 44 };

/**
 * The board's name as the cover's title: without a trailing '(918874224)' that is one of its companies'
 * organisation numbers (a board made from a SAF-T file is named so), which the companies show already.
 */
export const coverTitle = (board: string, sources: Company[]): string =>
  withoutOrgNumber(
    board,
    sources.map((s) => s.organisationNumber),
  );

/** 'Accountflow AS · org.nr. 918 874 224' */
export const companyLine = (company: Company, words: PdfLabels) =>
  company.organisationNumber
    ? `${company.name} · ${words.orgNumber} ${formatOrgNumber(company.organisationNumber)}`
    : company.name;

export function drawCover(
  doc: PDFKit.PDFDocument,
  facts: CoverFacts,
  words: PdfLabels,
  theme: Theme,
  logo: Branding['logo'],
): void {
  if (!(logo && drawLogo(doc, logo, { x: MARGIN, y: 22, ...LOGO })))
    doc.font(FONT.bold).fontSize(16).fillColor(theme.primary).text(theme.maker, MARGIN, 44, { lineBreak: false });
  doc
    .moveTo(MARGIN, 70)
    .lineTo(MARGIN + CONTENT_WIDTH, 70)
    .lineWidth(1.2)
    .strokeColor(theme.primary)
    .stroke();

  doc
    .font(FONT.regular)
    .fontSize(13)
    .fillColor(COLORS.muted)
    .text(facts.heading ?? words.report, MARGIN, TOP, {
      lineBreak: false,
    });
  doc
    .font(FONT.bold)
    .fontSize(28)
    .fillColor(COLORS.text)
    .text(coverTitle(facts.board, facts.sources), MARGIN, TOP + 20, { width: LEFT_WIDTH });
  let y = doc.y + 28;

  const fact = (label: string, values: string[]) => {
    doc
      .font(FONT.bold)
      .fontSize(8)
      .fillColor(theme.secondary)
      .text(label.toUpperCase(), MARGIN, y, { lineBreak: false });
    y += 13;
    doc.font(FONT.regular).fontSize(11).fillColor(COLORS.text);
    for (const value of values) {
      doc.text(value, MARGIN, y, { width: LEFT_WIDTH });
      y = doc.y + 2;
    }
    y += 12;
  };
  fact(words.period, [`${formatDate(facts.startDate)} – ${formatDate(facts.endDate)}`]);
  if (facts.sources.length)
    fact(
      words.companies,
      facts.sources.map((s) => companyLine(s, words)),
    );
  fact(words.exported, [formatDate(facts.exportedAt)]);
  doc
    .font(FONT.italic)
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(words.amounts, MARGIN, y + 4, { width: LEFT_WIDTH });
  if (theme.branded) {
    // A firm's report says who prepared it, at the cover's foot.
    const firm = theme.organisationNumber
      ? `${theme.maker} · ${words.orgNumber} ${formatOrgNumber(theme.organisationNumber)}`
      : theme.maker;
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(theme.primary)
      .text(words.preparedBy(firm), MARGIN, PAGE_HEIGHT - 62, { width: LEFT_WIDTH, lineBreak: false });
  }
}

/** Past this many parts the contents take two columns. */
const ONE_COLUMN = 24;

/** The contents on the cover's right: each part's title and the page it starts on. */
export function drawContents(
  doc: PDFKit.PDFDocument,
  entries: { title: string; page: number }[],
  words: PdfLabels,
  theme: Theme,
) {
  doc.font(FONT.bold).fontSize(8).fillColor(theme.secondary).text(words.contents.toUpperCase(), RIGHT_X, TOP, {
    lineBreak: false,
  });
  const columns = entries.length > ONE_COLUMN ? 2 : 1;
  const perColumn = Math.ceil(entries.length / columns);
  const width = (RIGHT_WIDTH - (columns - 1) * 16) / columns;
  const bottom = PAGE_HEIGHT - 60;
  const step = Math.min(15, (bottom - TOP - 16) / Math.max(1, perColumn));
  const size = Math.min(9.5, step * 0.68);
  doc.font(FONT.regular).fontSize(size).fillColor(COLORS.text);
  entries.forEach((entry, n) => {
    const x = RIGHT_X + Math.floor(n / perColumn) * (width + 16);
    const y = TOP + 16 + (n % perColumn) * step;
    const page = String(entry.page);
    const pageWidth = doc.widthOfString(page);
    let title = entry.title;
    const room = width - pageWidth - 8;
    while (title.length > 1 && doc.widthOfString(title) > room) title = `${title.slice(0, -2)}…`;
    doc.text(title, x, y, { lineBreak: false });
    doc.text(page, x + width - pageWidth, y, { lineBreak: false });
    doc
      .moveTo(x, y + step - 3)
      .lineTo(x + width, y + step - 3)
      .lineWidth(0.3)
      .strokeColor(COLORS.border)
      .stroke();
  });
}
