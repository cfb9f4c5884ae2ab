/**
 * The firm's logo in a box, scaled to fit and kept in proportion: a PNG as pdfkit embeds it, an SVG
 * drawn as vector paths by svg-to-pdfkit (pdfkit has no SVG of its own). The firm profile has checked
 * and sanitised the file; one that still cannot be drawn leaves the box to the firm's name.
 */
import SVGtoPDF from 'svg-to-pdfkit';
import type { Branding } from './branding.ts';
import { FONT } from './style.ts';

export interface LogoBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Draws the logo; false when it could not be drawn (the caller writes the name instead). */
export function drawLogo(doc: PDFKit.PDFDocument, logo: NonNullable<Branding['logo']>, box: LogoBox): boolean {
  try {
    if (logo.type === 'png') {
      doc.image(Buffer.from(logo.bytes), box.x, box.y, { fit: [box.width, box.height], valign: 'center' });
      return true;
    }
    doc.save();
    try {
      SVGtoPDF(doc, new TextDecoder().decode(logo.bytes), box.x, box.y, {
        width: box.width,
        height: box.height,
        preserveAspectRatio: 'xMinYMid meet',
        // An <image> only from the logo's own bytes (a data: URI): the library's default would open a
        // path the file names as a file. No documentCallback: a <use> of another file draws nothing.
        imageCallback: (link: string) => (link.startsWith('data:') ? link : ''),
        // A logo's text in the report's own fonts (the PDF's standard fonts have no æøå).
        fontCallback: (_family: string, bold: boolean, italic: boolean) =>
          bold ? FONT.bold : italic ? FONT.italic : FONT.regular,
        warningCallback: () => undefined,
      });
    } finally {
      doc.restore();
    }
    return true;
  } catch {
    return false;
  }
}
