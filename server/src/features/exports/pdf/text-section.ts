/**
 * A section of prose: commentary or notes, a heading and paragraphs, wrapped to a reading width and
 * going on to the next page line by line where a page is full (the heading always keeps its first
 * lines with it). The lines are broken here, by the document's own font measure, rather than by
 * pdfkit's text(): pdfkit would start its own page at the page's top edge, over the running header.
 */
import type { Flow } from './flow.ts';
import { COLORS, FONT, MARGIN } from './style.ts';

export interface TextSection {
  text: {
    heading: string;
    /** Each a paragraph; a '\n' inside one starts a new line. */
    paragraphs: string[];
  };
}

export const isTextSection = (section: object): section is TextSection => 'text' in section;

/** Sizes and gaps in points: a heading as a section's title, a body a little larger than a table's. */
const SIZES = { heading: 13, headingHeight: 22, body: 9.5, lineGap: 3.2, paragraphGap: 7, sectionGap: 24 } as const;
/** About 110 characters a line: a comfortable measure on a landscape page. */
export const TEXT_WIDTH = 600;

/** Breaks a text into lines no wider than `width` at its spaces (a word longer than a line is cut). */
export function wrapLines(measure: (text: string) => number, text: string, width: number): string[] {
  const out: string[] = [];
  for (const part of text.split('\n')) {
    let line = '';
    for (const word of part.split(/\s+/).filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (measure(joined) <= width) {
        line = joined;
        continue;
      }
      if (line) out.push(line);
      line = word;
      // A word wider than the line (a long link): as many characters as fit, then the rest.
      while (measure(line) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut)) > width) cut--;
        out.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    out.push(line);
  }
  return out;
}

/** Draws the section from `flow.y` on; returns the page its heading is on. */
export function drawTextSection(flow: Flow, section: TextSection['text']): number {
  const { doc } = flow;
  doc.font(FONT.regular).fontSize(SIZES.body);
  const lineHeight = doc.currentLineHeight() + SIZES.lineGap;
  const measure = (text: string) => doc.widthOfString(text);
  const paragraphs = section.paragraphs
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => wrapLines(measure, p, TEXT_WIDTH));
  const first = Math.min(2, paragraphs[0]?.length ?? 0);
  flow.ensure(SIZES.headingHeight + first * lineHeight);
  const page = flow.page;
  doc.outline.addItem(section.heading);
  doc
    .font(FONT.bold)
    .fontSize(SIZES.heading)
    .fillColor(COLORS.text)
    .text(section.heading, MARGIN, flow.y, { lineBreak: false });
  flow.y += SIZES.headingHeight;
  paragraphs.forEach((lines, n) => {
    if (n > 0) flow.y += SIZES.paragraphGap;
    for (const line of lines) {
      if (lineHeight > flow.room) flow.newPage();
      doc
        .font(FONT.regular)
        .fontSize(SIZES.body)
        .fillColor(COLORS.text)
        .text(line, MARGIN, flow.y, { lineBreak: false });
      flow.y += lineHeight;
    }
  });
  flow.y += SIZES.sectionGap;
  return page;
}
