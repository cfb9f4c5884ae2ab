/**
 * The PDF's page geometry, colours and fonts. Every module draws in these points (1/72 inch, y
 * downwards from the top, as pdfkit measures). The fonts are DejaVu Sans Condensed from the
 * `dejavu-fonts-ttf` package, embedded as subsets: any name a ledger holds (æøå, Sámi, Polish…) prints,
 * offline, and the condensed digits let a year of months sit side by side on one landscape page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/** A4 landscape. */
export const PAGE_WIDTH = 841.89;
export const PAGE_HEIGHT = 595.28;
export const MARGIN = 40;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Where the running header's text sits, and where a page's content starts and must end. */
export const HEADER_Y = 22;
export const BODY_TOP = 56;
export const BODY_BOTTOM = PAGE_HEIGHT - 42;
export const FOOTER_Y = PAGE_HEIGHT - 28;
export const BODY_HEIGHT = BODY_BOTTOM - BODY_TOP;

/** The SDK's light theme (sdk/src/core/theme.css), so the file looks like the widgets on screen. */
export const COLORS = {
  text: '#1c2330',
  muted: '#5d6675',
  border: '#dfe3e8',
  rule: '#9aa4b2',
  surface: '#f6f7f9',
  accent: '#2563eb',
  bar: '#93b4f5',
  negative: '#b91c1c',
  revenue: '#2563eb',
  costs: '#dc6803',
  result: '#15803d',
} as const;

export const FONT = {
  regular: 'Saldo',
  bold: 'Saldo-Bold',
  italic: 'Saldo-Italic',
} as const;

const FILES: Record<keyof typeof FONT, string> = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
};

let fonts: Record<keyof typeof FONT, Font> | undefined;

/**
 * Registers the three fonts. Each is read and parsed once per process (fontkit, pdfkit's own font
 * engine) and shared by every document, which embeds the subset it uses: parsing them per document
 * took most of the time of writing one.
 */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const open = (name: string) => create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`))) as Font;
    fonts = { regular: open(FILES.regular), bold: open(FILES.bold), italic: open(FILES.italic) };
  }
  // pdfkit takes a parsed font where its types only name files and bytes.
  for (const key of Object.keys(FONT) as (keyof typeof FONT)[])
    doc.registerFont(FONT[key], fonts[key] as unknown as PDFKit.Mixins.PDFFontSource);
}
